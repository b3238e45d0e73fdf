import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';
import { logPage, logRow } from './log-test-data';
import { pickOption } from '../Token/pick-option';

let server: FakeServer;

const streamed = logRow({
  id: 2,
  model_name: 'gpt-4o-mini',
  is_stream: true,
  use_time: 150,
  quota: 1234,
  other: JSON.stringify({
    model_ratio: 0.5,
    group_ratio: 1.5,
    completion_ratio: 4,
    model_price: -1,
    cache_tokens: 40,
    cache_ratio: 0.25,
    frt: 4200,
    is_model_mapped: true,
    upstream_model_name: 'gpt-4o-mini-2024-07-18',
    request_path: '/v1/chat/completions',
    usage_counted_locally: true,
    reasoning_effort: 'high',
    admin_info: { use_channel: ['3', '5'] },
  }),
});
const priced = logRow({
  id: 3,
  model_name: 'dall-e-3',
  use_time: 400,
  quota: 20000,
  content: '模型价格 0.04，分组倍率 1.00',
  other: JSON.stringify({ model_price: 0.04, group_ratio: 1, model_ratio: 0, completion_ratio: 0 }),
});
const topup = logRow({ id: 4, type: 1, content: '通过兑换码充值 $10.00 额度', other: '', model_name: '' });

beforeEach(() => {
  server = fakeServer();
  for (const path of ['/api/log/', '/api/log/self/']) {
    server.reply('GET', path, ok(logPage([logRow(), streamed, priced, topup])));
  }
  for (const path of ['/api/log/stat', '/api/log/self/stat']) {
    server.reply('GET', path, ok({ quota: 1_500_000, rpm: 7, tpm: 1234 }));
  }
});

afterEach(() => vi.unstubAllGlobals());

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const queryOf = (path: string) => {
  const call = server.calls.filter((c) => c.path.startsWith(`${path}?`)).at(-1)!;
  return new URLSearchParams(call.path.split('?')[1]);
};

async function expand(model: string) {
  const row = await rowOf(model);
  const toggle = row.querySelector('.semi-table-expand-icon') as HTMLElement;
  await userEvent.click(toggle);
}

describe('usage log for a user', () => {
  it('reads the self endpoints with today’s range and shows no admin columns', async () => {
    renderApp('/log', server, { user: MEMBER });
    await screen.findByText('gpt-4o');
    expect(server.calls.some((c) => c.path.startsWith('/api/log/?'))).toBe(false);
    const query = queryOf('/api/log/self/');
    expect(query.get('p')).toBe('1');
    expect(query.get('page_size')).toBe('10');
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    expect(Number(query.get('start_timestamp'))).toBe(start.getTime() / 1000);
    expect(Number(query.get('end_timestamp'))).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(query.has('channel')).toBe(false);
    expect(query.has('username')).toBe(false);
    expect(queryOf('/api/log/self/stat').get('type')).toBe('0');

    const shown = headers();
    expect(shown).toEqual(
      expect.arrayContaining(['时间', '令牌', '分组', '类型', '模型', '提示', '补全', '花费']),
    );
    for (const adminOnly of ['渠道', '用户', '重试']) expect(shown).not.toContain(adminOnly);
    expect(screen.queryByLabelText('渠道 ID')).toBeNull();
    expect(screen.queryByLabelText('用户名称')).toBeNull();
  });

  it('shows statistics, tokens and quota through the quota display', async () => {
    renderApp('/log', server, { user: MEMBER });
    const stats = await screen.findByTestId('log-stats');
    expect(stats.textContent).toContain('消耗额度: $3.00');
    expect(stats.textContent).toContain('RPM: 7');
    expect(stats.textContent).toContain('TPM: 1234');
    const row = await rowOf('gpt-4o');
    expect(within(row).getByText('100')).toBeTruthy();
    expect(within(row).getByText('50')).toBeTruthy();
    expect(within(row).getByText('$0.001000')).toBeTruthy();
    expect(within(row).getByText('非流')).toBeTruthy();
  });

  it('abbreviates the quota when the site does not display currency', async () => {
    renderApp('/log', server, { user: MEMBER, status: { display_in_currency: false } });
    expect(within(await rowOf('dall-e-3')).getByText('20.0k')).toBeTruthy();
    expect((await screen.findByTestId('log-stats')).textContent).toContain('1.5M');
  });

  it('colours use time and first-token time and hints at the mapped model', async () => {
    renderApp('/log', server, { user: MEMBER });
    await screen.findByText('gpt-4o');
    expect(screen.getByTestId('log-use-time-1').className).toContain('green');
    expect(screen.getByTestId('log-use-time-2').className).toContain('orange');
    expect(screen.getByTestId('log-use-time-3').className).toContain('red');
    const frt = screen.getByTestId('log-frt-2');
    expect(frt.textContent).toBe('4.2 s');
    expect(frt.className).toContain('orange');
    expect(screen.queryByTestId('log-frt-1')).toBeNull();
    expect(screen.getByTestId('log-mapped-2').textContent).toBe('重定向');
    expect(within(await rowOf('gpt-4o-mini')).getByText('流')).toBeTruthy();
  });

  it('expands a row into ratios, cache, first-token time and the billing line', async () => {
    renderApp('/log', server, { user: MEMBER });
    await expand('gpt-4o-mini');
    const details = await screen.findByTestId('log-details-2');
    const text = details.textContent ?? '';
    for (const part of [
      '模型倍率',
      '0.5',
      '补全倍率',
      '4',
      '分组倍率',
      '1.5',
      '缓存 Tokens',
      '40',
      '缓存倍率',
      '0.25',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('实际模型gpt-4o-mini-2024-07-18');
    expect(text).toContain('请求路径/v1/chat/completions');
    expect(text).toContain('推理强度high');
    expect(text).toContain('上游未返回用量，本次用量由网关在本地计算');
    expect(text).toContain(
      '（未缓存提示 60 + 缓存 40 × 缓存倍率 0.25 + 补全 50 × 补全倍率 4）× 模型倍率 0.5',
    );
    expect(within(details).getByTestId('log-frt').className).toContain('orange');
    // Users never see which channels were tried, even if a row carried them.
    expect(text).not.toContain('重试渠道');
  });

  it('shows a fixed price instead of ratios', async () => {
    renderApp('/log', server, { user: MEMBER });
    await expand('dall-e-3');
    const text = (await screen.findByTestId('log-details-3')).textContent ?? '';
    expect(text).toContain('模型价格（每次）$0.04');
    expect(text).not.toContain('模型倍率');
    expect(text).toContain('模型价格 $0.04 × 分组倍率 1 = $0.040000');
  });

  it('filters by type and resets to the defaults', async () => {
    renderApp('/log', server, { user: MEMBER });
    await screen.findByText('gpt-4o');
    await userEvent.type(screen.getByLabelText('模型名称'), 'gpt-4o');
    await userEvent.click(screen.getByText('全部'));
    await pickOption('消费');
    await userEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(queryOf('/api/log/self/').get('type')).toBe('2'));
    expect(queryOf('/api/log/self/').get('model_name')).toBe('gpt-4o');
    expect(queryOf('/api/log/self/stat').get('model_name')).toBe('gpt-4o');
    await userEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(queryOf('/api/log/self/').get('type')).toBe('0'));
    expect(queryOf('/api/log/self/').get('model_name')).toBe('');
  });
});

describe('usage log for an admin', () => {
  it('reads every log, with channel, user and retry columns and their filters', async () => {
    renderApp('/log', server, { user: ADMIN });
    const row = await rowOf('gpt-4o-mini');
    expect(headers()).toEqual(expect.arrayContaining(['渠道', '用户', '重试']));
    expect(within(row).getByText('渠道：3 → 5')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('渠道 ID'), '5');
    await userEvent.type(screen.getByLabelText('用户名称'), 'alice');
    await userEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(queryOf('/api/log/').get('channel')).toBe('5'));
    expect(queryOf('/api/log/').get('username')).toBe('alice');
    expect(queryOf('/api/log/stat').get('channel')).toBe('5');
  });

  it('shows the channels tried in the details', async () => {
    renderApp('/log', server, { user: ADMIN });
    await expand('gpt-4o-mini');
    expect((await screen.findByTestId('log-details-2')).textContent).toContain('重试渠道3 → 5');
  });

  it('opens the user popup, falling back to the log row when the account cannot be read', async () => {
    server.reply('GET', '/api/user/2', fail(404, 'not found'));
    renderApp('/log', server, { user: ADMIN });
    const row = await rowOf('gpt-4o');
    await userEvent.click(within(row).getByText('alice'));
    expect(await screen.findByText('用户信息')).toBeTruthy();
    expect(await screen.findByText(/无法读取该用户的详细信息/)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('alice')).toBeTruthy();
    expect(screen.queryByText(/错误：/)).toBeNull();
  });

  it('hides columns chosen in the column settings, remembered under logs-table-columns', async () => {
    renderApp('/log', server, { user: ADMIN });
    await screen.findByText('gpt-4o');
    await userEvent.click(screen.getByRole('button', { name: /列设置/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '重试' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(headers()).not.toContain('重试'));
    expect(JSON.parse(localStorage.getItem('logs-table-columns')!)).toMatchObject({
      retry: false,
      model: true,
    });
  });
});
