import type { UserView } from '@gateway/contract';
import { fakeServer, ok, type FakeServer } from '../../test/fake-server';

/** Users and a fake server for the user-management component tests. */

export const userView = (overrides: Partial<UserView> = {}): UserView => ({
  id: 3,
  username: 'alice',
  display_name: 'Alice A',
  role: 1,
  status: 1,
  email: '',
  github_id: '',
  oidc_id: '',
  wechat_id: '',
  telegram_id: '',
  linux_do_id: '',
  quota: 500_000,
  used_quota: 250_000,
  request_count: 42,
  group: 'default',
  aff_code: 'AFF1',
  aff_count: 2,
  aff_quota: 0,
  aff_history_quota: 1_000_000,
  inviter_id: 0,
  setting: '',
  DeletedAt: null,
  ...overrides,
});

export const ALICE = userView();
export const BOB = userView({
  id: 4,
  username: 'bob',
  display_name: 'bob',
  group: 'vip',
  role: 10,
  status: 2,
  inviter_id: 3,
  quota: 100_000,
});
export const GONE = userView({
  id: 5,
  username: 'gone',
  display_name: '',
  group: 'svip',
  DeletedAt: 1_700_000_000,
});
export const ODD = userView({ id: 6, username: 'odd', display_name: '', status: 3 });

export function userServer(items: UserView[] = [GONE, BOB, ALICE]): FakeServer {
  const server = fakeServer();
  server.reply('GET', '/api/user/', ok({ items, total: items.length, page: 1, page_size: 10 }));
  server.reply('GET', '/api/group/', ok(['default', 'vip', 'svip']));
  return server;
}
