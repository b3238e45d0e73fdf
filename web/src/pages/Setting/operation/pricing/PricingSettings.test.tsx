import { Toast } from '@douyinfe/semi-ui-19';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../app/query-client';
import { initI18n } from '../../../../i18n';
import { storeUser } from '../../../../session/stored-user';
import { fakeServer, ok, type FakeServer } from '../../../../test/fake-server';
import { ADMIN } from '../../../../test/render-app';
import { PricingSettings } from './PricingSettings';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
});

const STORED = {
  ModelPrice: '{"dall-e-3":0.04}',
  ModelRatio: '{"gpt-4o":1.25,"b-model":2}',
  CacheRatio: '{"gpt-4o":0.5}',
  CompletionRatio: '{"gpt-4o":4}',
};

/** A fake whose option list follows the PUTs, as the real server's does. */
function pricingServer(enabled: string[] = [], stored: Record<string, string> = STORED): FakeServer {
  const server = fakeServer();
  const options: Record<string, string> = { ...stored, QuotaPerUnit: '500000' };
  server.reply('GET', '/api/option/', () =>
    ok(Object.entries(options).map(([key, value]) => ({ key, value }))),
  );
  server.reply('PUT', '/api/option/', (init) => {
    const { key, value } = JSON.parse(String(init.body)) as { key: string; value: string };
    options[key] = value;
    return ok();
  });
  server.reply('GET', '/api/channel/models_enabled', ok(enabled));
  return server;
}

function renderPricing(server: FakeServer, language: 'zh' | 'en' = 'zh') {
  initI18n(language);
  storeUser(ADMIN);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <PricingSettings />
    </AppProviders>,
  );
  return server;
}

const puts = (server: FakeServer) =>
  server.calls.filter((c) => c.method === 'PUT').map((c) => c.body as { key: string; value: string });

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

function typeInto(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

describe('JSON editors', () => {
  it('shows the stored tables, checks JSON on blur and saves only the edited key', async () => {
    const server = renderPricing(pricingServer());
    const price = (await screen.findByRole('textbox', { name: '模型固定价格' })) as HTMLTextAreaElement;
    await waitFor(() => expect(price.value).toBe('{\n  "dall-e-3": 0.04\n}'));

    await userEvent.click(screen.getByRole('button', { name: '保存模型倍率设置' }));
    expect(await screen.findByText('你似乎并没有修改什么')).toBeTruthy();
    expect(puts(server)).toEqual([]);

    await openTab('模型倍率');
    const ratio = screen.getByRole('textbox', { name: '模型倍率' }) as HTMLTextAreaElement;
    typeInto(ratio, '{"gpt-4o": 1.25,');
    fireEvent.blur(ratio);
    expect(await screen.findByText('不是合法的 JSON 字符串')).toBeTruthy();
    typeInto(ratio, '{\n  "gpt-4o": 1.5,\n  "b-model": 2\n}');
    await waitFor(() => expect(screen.queryByText('不是合法的 JSON 字符串')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: '保存模型倍率设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(server)).toEqual([{ key: 'ModelRatio', value: '{"gpt-4o":1.5,"b-model":2}' }]);
  });

  it('resets the ratios after a confirmation and reloads the options', async () => {
    const server = renderPricing(pricingServer());
    server.reply('POST', '/api/option/rest_model_ratio', ok(null, '重置模型倍率成功'));
    await screen.findByRole('textbox', { name: '模型固定价格' });
    const loads = () => server.calls.filter((c) => c.path === '/api/option/').length;
    const before = loads();
    await userEvent.click(screen.getByRole('button', { name: '重置模型倍率' }));
    expect(await screen.findByText('确定重置模型倍率吗？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('重置模型倍率成功')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/option/rest_model_ratio',
    ]);
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  });
});

describe('visual editor', () => {
  async function openAddDialog() {
    await openTab('可视化倍率设置');
    await userEvent.click(await screen.findByRole('button', { name: /添加模型/ }));
    return within(await screen.findByRole('dialog'));
  }

  it('lists priced models with derived prices and refuses a name already listed', async () => {
    renderPricing(pricingServer());
    await openTab('可视化倍率设置');
    const row = (await screen.findByText('gpt-4o')).closest('tr')!;
    expect(within(row).getByText('1.25')).toBeTruthy();
    expect(within(row).getByText('$2.5 / 1M tokens')).toBeTruthy();
    expect(within(row).getByText('$10 / 1M tokens')).toBeTruthy();
    expect(within(screen.getByText('dall-e-3').closest('tr')!).getByText('$0.04 / 次')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /添加模型/ }));
    const dialog = within(await screen.findByRole('dialog'));
    typeInto(dialog.getByLabelText('模型名称'), 'gpt-4o');
    typeInto(dialog.getByLabelText('模型倍率'), '3');
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('模型名称已存在')).toBeTruthy();
  });

  it('shows ten models a page and opens the page of a model just added', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`m-${String(i).padStart(2, '0')}`, 1]),
    );
    renderPricing(
      pricingServer([], {
        ...STORED,
        ModelPrice: '{}',
        CompletionRatio: '{}',
        ModelRatio: JSON.stringify(many),
      }),
    );
    await openTab('可视化倍率设置');
    await screen.findByText('m-00');
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')?.textContent);
    expect(names()).toHaveLength(10);
    expect(screen.queryByText('m-10')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /添加模型/ }));
    const dialog = within(await screen.findByRole('dialog'));
    typeInto(dialog.getByLabelText('模型名称'), 'zz-last');
    typeInto(dialog.getByLabelText('模型倍率'), '6');
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    const row = (await screen.findByText('zz-last')).closest('tr')!;
    expect(names()).toEqual(['m-10', 'm-11', 'zz-last']);
    expect(within(row).getByText('6').closest('.semi-tag')?.className).toContain('red');
  });

  it('adds a model by price and saves exactly the tables that changed', async () => {
    const server = renderPricing(pricingServer());
    const dialog = await openAddDialog();
    typeInto(dialog.getByLabelText('模型名称'), 'new-model');
    await userEvent.click(dialog.getByText('按价格设置'));
    typeInto(dialog.getByLabelText('输入价格（美元 / 1M tokens）'), '3');
    typeInto(dialog.getByLabelText('输出价格（美元 / 1M tokens）'), '12');
    expect(dialog.getByTestId('pricing-derived').textContent).toBe('模型倍率 1.5，补全倍率 4');
    typeInto(dialog.getByLabelText('输出价格（美元 / 1M tokens）'), '12x');
    expect(await screen.findByText('请输入数字')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('new-model')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '应用更改' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(server)).toEqual([
      { key: 'ModelRatio', value: '{"gpt-4o":1.25,"b-model":2,"new-model":1.5}' },
      { key: 'CompletionRatio', value: '{"gpt-4o":4,"new-model":4}' },
    ]);
  });

  it('gives an edited model a fixed price that replaces its ratios, and deletes another', async () => {
    const server = renderPricing(pricingServer());
    await openTab('可视化倍率设置');
    await userEvent.click(await screen.findByRole('button', { name: '编辑 gpt-4o' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('模型名称') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(dialog.getByText('按次计费'));
    expect(dialog.queryByLabelText('模型倍率')).toBeNull();
    typeInto(dialog.getByLabelText('模型固定价格（美元 / 次）'), '0.5');
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: '删除 b-model' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByText('b-model')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: '应用更改' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(server)).toEqual([
      { key: 'ModelPrice', value: '{"dall-e-3":0.04,"gpt-4o":0.5}' },
      { key: 'ModelRatio', value: '{}' },
      { key: 'CompletionRatio', value: '{}' },
    ]);
  });
});

describe('models without a price', () => {
  it('lists enabled unpriced models; a fixed price clears and disables the ratio boxes', async () => {
    const server = renderPricing(pricingServer(['gpt-4o', 'alpha', 'beta']));
    await openTab('未设置价格的模型');
    await screen.findByText('alpha');
    expect(screen.queryByText('gpt-4o')).toBeNull();

    const ratio = screen.getByLabelText('模型倍率 alpha') as HTMLInputElement;
    typeInto(ratio, '2');
    typeInto(screen.getByLabelText('补全倍率 alpha'), '3');
    typeInto(ratio, 'abc');
    expect(await screen.findByText('请输入数字')).toBeTruthy();
    expect(ratio.value).toBe('2');

    typeInto(screen.getByLabelText('模型固定价格 beta'), '0.25');
    typeInto(screen.getByLabelText('模型倍率 beta'), '9');
    expect((screen.getByLabelText('模型倍率 beta') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('模型倍率 beta') as HTMLInputElement).value).toBe('');

    await userEvent.click(screen.getByRole('button', { name: '应用更改' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(server)).toEqual([
      { key: 'ModelPrice', value: '{"dall-e-3":0.04,"beta":0.25}' },
      { key: 'ModelRatio', value: '{"gpt-4o":1.25,"b-model":2,"alpha":2}' },
      { key: 'CompletionRatio', value: '{"gpt-4o":4,"alpha":3}' },
    ]);
    // Once priced they leave the list.
    await waitFor(() => expect(screen.queryByText('alpha')).toBeNull());
    expect(screen.getByText('没有未设置价格的模型')).toBeTruthy();
  });

  it('batch-sets the selection with the spec messages', async () => {
    const server = renderPricing(pricingServer(['alpha', 'beta', 'gamma']));
    await openTab('未设置价格的模型');
    await screen.findByText('alpha');
    const batchButton = () => screen.getByRole('button', { name: /批量设置/ });

    await userEvent.click(batchButton());
    expect(await screen.findByText('请先选择需要批量设置的模型')).toBeTruthy();

    const select = (name: string) =>
      userEvent.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    await select('alpha');
    await select('gamma');
    await userEvent.click(batchButton());
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('请输入填充值')).toBeTruthy();
    typeInto(dialog.getByLabelText('填充值'), '1..2');
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('请输入有效的数字')).toBeTruthy();

    await userEvent.click(dialog.getByText('模型倍率和补全倍率'));
    typeInto(dialog.getByLabelText('模型倍率', { selector: 'input[type="text"]' }), '0.5');
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('请输入模型倍率和补全倍率')).toBeTruthy();
    typeInto(dialog.getByLabelText('补全倍率', { selector: 'input[type="text"]' }), '2');
    await userEvent.click(dialog.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('已为 2 个模型设置模型倍率和补全倍率')).toBeTruthy();
    expect((screen.getByLabelText('模型倍率 gamma') as HTMLInputElement).value).toBe('0.5');

    await userEvent.click(screen.getByRole('button', { name: '应用更改' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(server)).toEqual([
      { key: 'ModelRatio', value: '{"gpt-4o":1.25,"b-model":2,"alpha":0.5,"gamma":0.5}' },
      { key: 'CompletionRatio', value: '{"gpt-4o":4,"alpha":2,"gamma":2}' },
    ]);
  });

  it('speaks English', async () => {
    renderPricing(pricingServer(['alpha']), 'en');
    await openTab('Models without a price');
    expect(await screen.findByText('alpha')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Batch set/ }));
    expect(await screen.findByText('Please select the models to batch set first')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Visual editor' })).toBeTruthy();
  });
});
