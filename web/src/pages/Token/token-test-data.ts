import type { Page, TokenView } from '@gateway/contract';
import { ok, type FakeServer } from '../../test/fake-server';

/** Tokens and a fake token API for the token page's component tests. */

export const token = (overrides: Partial<TokenView> = {}): TokenView => ({
  id: 1,
  user_id: 2,
  key: 'abcdEFGH1234567890abcdEFGH1234567890abcdEFGHwxyz',
  status: 1,
  name: 'main',
  created_time: 1_700_000_000,
  accessed_time: 1_700_000_000,
  expired_time: -1,
  remain_quota: 500_000,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
  used_quota: 250_000,
  group: '',
  DeletedAt: null,
  ...overrides,
});

export const page = (items: TokenView[]): Page<TokenView> => ({
  items,
  total: items.length,
  page: 1,
  page_size: 10,
});

/** The list, models and groups the page and drawer read. */
export function serveTokenApi(server: FakeServer, items: TokenView[]) {
  server.reply('GET', '/api/token/', ok(page(items)));
  server.reply('GET', '/api/token/search', ok(page(items)));
  server.reply('GET', '/api/user/models', ok(['gpt-4o', 'gpt-4o-mini']));
  server.reply(
    'GET',
    '/api/user/self/groups',
    ok({ default: { desc: '默认分组', ratio: 1 }, vip: { desc: 'VIP 分组', ratio: 2 } }),
  );
}
