import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from '@douyinfe/semi-ui-19';
import type { PricingAnswer } from '@gateway/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
});

const ANSWER: PricingAnswer = {
  success: true,
  message: '',
  data: [
    {
      model_name: 'claude-3-haiku',
      quota_type: 0,
      model_ratio: 0.125,
      completion_ratio: 5,
      model_price: 0,
      enable_groups: ['default'],
    },
    {
      model_name: 'gpt-4o-mini',
      quota_type: 0,
      model_ratio: 0.075,
      completion_ratio: 4,
      model_price: 0,
      enable_groups: ['default', 'vip'],
    },
    {
      model_name: 'dall-e-3',
      quota_type: 1,
      model_ratio: 0,
      completion_ratio: 0,
      model_price: 0.04,
      enable_groups: ['default', 'vip'],
    },
    {
      model_name: 'vip-model',
      quota_type: 0,
      model_ratio: 1,
      completion_ratio: 1,
      model_price: 0,
      enable_groups: ['vip'],
    },
  ],
  group_ratio: { default: 1, vip: 0.5 },
  usable_group: { default: '默认分组', vip: 'vip分组' },
};

function pricingServer() {
  const server = fakeServer();
  server.reply('GET', '/api/pricing', { body: ANSWER });
  return server;
}

const modelOrder = () =>
  Array.from(document.querySelectorAll('.pricing-model-name')).map((el) => el.textContent);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('pricing page', () => {
  it('warns a guest and prices with the default group, usable models first', async () => {
    renderApp('/pricing', pricingServer());
    expect(await screen.findByText('您还未登录，显示的价格为默认分组倍率：1')).toBeTruthy();
    await screen.findByText('gpt-4o-mini');
    expect(modelOrder()).toEqual(['dall-e-3', 'gpt-4o-mini', 'claude-3-haiku', 'vip-model']);
    const mini = within(rowOf('gpt-4o-mini'));
    expect(mini.getByText('按量计费')).toBeTruthy();
    expect(mini.getByText('模型倍率：0.075')).toBeTruthy();
    expect(mini.getByText('补全倍率：4')).toBeTruthy();
    expect(mini.getByText('提示 $0.15 / 1M tokens')).toBeTruthy();
    expect(mini.getByText('补全 $0.6 / 1M tokens')).toBeTruthy();
    const dalle = within(rowOf('dall-e-3'));
    expect(dalle.getByText('按次计费')).toBeTruthy();
    expect(dalle.getByText('模型价格：$0.04 / 次')).toBeTruthy();
    expect(dalle.queryByText(/模型倍率/)).toBeNull();
    expect(within(rowOf('vip-model')).getByTestId('model-unavailable')).toBeTruthy();
  });

  it('shows a signed-in user their group and switches the viewed group from a group tag', async () => {
    renderApp('/pricing', pricingServer(), { user: { ...MEMBER, group: 'vip' } });
    expect(await screen.findByText('您的默认分组为：vip，分组倍率为：0.5')).toBeTruthy();
    await screen.findByText('vip-model');
    expect(modelOrder()[modelOrder().length - 1]).toBe('claude-3-haiku');
    expect(within(rowOf('gpt-4o-mini')).getByText('提示 $0.075 / 1M tokens')).toBeTruthy();
    await userEvent.click(within(rowOf('gpt-4o-mini')).getByText('default'));
    expect(await screen.findByText('当前查看的分组为：default，倍率为：1')).toBeTruthy();
    await waitFor(() =>
      expect(within(rowOf('gpt-4o-mini')).getByText('提示 $0.15 / 1M tokens')).toBeTruthy(),
    );
    expect(modelOrder()[modelOrder().length - 1]).toBe('vip-model');
  });

  it('filters by a fuzzy name, but not while an input method is composing', async () => {
    renderApp('/pricing', pricingServer());
    await screen.findByText('gpt-4o-mini');
    const box = screen.getByLabelText('模糊搜索模型名称');
    fireEvent.compositionStart(box);
    fireEvent.change(box, { target: { value: 'c3h' } });
    expect(modelOrder()).toHaveLength(4);
    fireEvent.compositionEnd(box, { target: { value: 'c3h' } });
    await waitFor(() => expect(modelOrder()).toEqual(['claude-3-haiku']));
  });

  it('copies the selected model names, and offers them in a dialog when the browser refuses', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    document.execCommand = vi.fn(() => false);
    renderApp('/pricing', pricingServer());
    await screen.findByText('gpt-4o-mini');
    const copy = screen.getByRole('button', { name: /复制选中模型/ });
    expect(copy.hasAttribute('disabled') || copy.getAttribute('aria-disabled') === 'true').toBe(true);
    await userEvent.click(within(rowOf('gpt-4o-mini')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('dall-e-3')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /复制选中模型/ }));
    expect(writeText).toHaveBeenCalledWith('gpt-4o-mini,dall-e-3');
    expect(await screen.findByText('gpt-4o-mini,dall-e-3')).toBeTruthy();
  });

  it('speaks English', async () => {
    renderApp('/pricing', pricingServer(), { language: 'en' });
    expect(
      await screen.findByText('You are not signed in; prices use the default group ratio: 1'),
    ).toBeTruthy();
    expect(await screen.findByText('Price: $0.04 / call')).toBeTruthy();
  });
});
