import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuotaDataRow } from '@gateway/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const LOAD = { timeout: 15_000 };
const hour = Math.floor(Date.now() / 1000 / 3600) * 3600 - 3600;
const row = (model: string, quota: number, count: number, tokens: number): QuotaDataRow => ({
  id: 1,
  user_id: 2,
  username: 'alice',
  model_name: model,
  created_at: hour,
  quota,
  count,
  token_used: tokens,
});

describe('data dashboard', { timeout: 30_000 }, () => {
  it('shows a user their totals from /api/data/self over the last day', async () => {
    const server = fakeServer();
    server.reply(
      'GET',
      '/api/data/self',
      ok([row('gpt-4o', 1_000_000, 3, 900), row('claude', 500_000, 2, 100)]),
    );
    renderApp('/detail', server, { user: MEMBER });
    expect(await screen.findByText('数据看板', { selector: 'h4' }, LOAD)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('total-quota').textContent).toContain('$3.00'));
    expect(screen.getByTestId('total-calls').textContent).toContain('5');
    expect(screen.getByTestId('total-tokens').textContent).toContain('1000');
    const call = server.calls.find((c) => c.path.startsWith('/api/data/self'))!;
    const query = new URL(call.path, 'http://x').searchParams;
    const span = Number(query.get('end_timestamp')) - Number(query.get('start_timestamp'));
    expect(span).toBe(25 * 3600);
    expect(screen.queryByLabelText('用户名称')).toBeNull();
  });

  it('lets an admin look at one username, in English, with the site default granularity', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/data/', ok([]));
    renderApp('/detail', server, {
      user: ADMIN,
      language: 'en',
      status: { data_export_default_time: 'day' },
    });
    expect(await screen.findByText('No data in the selected time range', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('Day')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Username'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.path.startsWith('/api/data/?') && c.path.includes('username=bob')),
      ).toBe(true),
    );
  });
});
