import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';
import { manage, registerAdmin } from './support/user-admin.js';

type Kind = 'root' | 'admin' | 'user';
type Action = 'promote' | 'demote' | 'disable' | 'enable' | 'delete';
/** [HTTP status, message] of a refusal, or the {role, status} answered on success. */
type Outcome = [number, string] | { role: number; status: number };

const PEER = '无权更新同权限等级或更高权限等级的用户信息';
const NOT_ALLOWED = '无权进行此操作，权限不足';
const ALL = (outcome: Outcome): Record<Action, Outcome> => ({
  promote: outcome,
  demote: outcome,
  disable: outcome,
  enable: outcome,
  delete: outcome,
});

/** Every caller role × target role × action of POST /api/user/manage. */
const MATRIX: Record<Kind, Record<Kind, Record<Action, Outcome>>> = {
  user: { root: ALL([403, NOT_ALLOWED]), admin: ALL([403, NOT_ALLOWED]), user: ALL([403, NOT_ALLOWED]) },
  admin: {
    root: ALL([403, PEER]),
    admin: ALL([403, PEER]),
    user: {
      promote: [403, '普通管理员用户无法提升其他用户为管理员'],
      demote: [400, '该用户已经是普通用户'],
      disable: { role: 1, status: 2 },
      enable: { role: 1, status: 1 },
      delete: { role: 1, status: 1 },
    },
  },
  root: {
    root: {
      promote: [400, '该用户已经是管理员'],
      demote: [400, '无法降级超级管理员用户'],
      disable: [400, '无法禁用超级管理员用户'],
      enable: { role: 100, status: 1 },
      delete: [400, '无法删除超级管理员用户'],
    },
    admin: {
      promote: [400, '该用户已经是管理员'],
      demote: { role: 1, status: 1 },
      disable: { role: 10, status: 2 },
      enable: { role: 10, status: 1 },
      delete: { role: 10, status: 1 },
    },
    user: {
      promote: { role: 10, status: 1 },
      demote: [400, '该用户已经是普通用户'],
      disable: { role: 1, status: 2 },
      enable: { role: 1, status: 1 },
      delete: { role: 1, status: 1 },
    },
  },
};

describe('managing users: the role matrix', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let admin: ApiClient;
  let member: ApiClient;
  let n = 0;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    admin = await registerAdmin(gw.url, root, 'boss');
    member = await registerAndLogin(gw.url, 'member');
  });
  afterAll(async () => {
    await gw.stop();
  });

  /** A fresh target of the given kind (root is the only root there is). */
  async function target(kind: Kind): Promise<number> {
    if (kind === 'root') return root.userId!;
    const name = `t${kind[0]}${n++}`;
    const client =
      kind === 'admin' ? await registerAdmin(gw.url, root, name) : await registerAndLogin(gw.url, name);
    return client.userId!;
  }

  const callers: Record<Kind, () => ApiClient> = { root: () => root, admin: () => admin, user: () => member };
  const cases = (Object.keys(MATRIX) as Kind[]).flatMap((caller) =>
    (Object.keys(MATRIX[caller]) as Kind[]).flatMap((kind) =>
      (Object.keys(MATRIX[caller][kind]) as Action[]).map(
        (action) => [caller, kind, action, MATRIX[caller][kind][action]] as const,
      ),
    ),
  );

  it.each(cases)('%s → %s: %s', async (caller, kind, action, outcome) => {
    const id = await target(kind);
    const res = await manage(callers[caller](), id, action);
    if (Array.isArray(outcome)) {
      expect([res.status, res.body.message]).toEqual(outcome);
      return;
    }
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual(outcome);
    const row = await gw.ctx.users.repo.findAnyById(id);
    expect({ role: row?.role, status: row?.status }).toEqual(outcome);
    expect(row?.deleted_at !== null).toBe(action === 'delete');
  });

  it('refuses unknown actions, unknown users and any action on a deregistered user', async () => {
    const id = await target('user');
    const unknown = await manage(root, id, 'explode');
    expect([unknown.status, unknown.body.message]).toEqual([400, '无效的操作']);
    const missing = await manage(root, 99_999, 'disable');
    expect([missing.status, missing.body.message]).toEqual([404, '用户不存在']);
    expect((await manage(root, id, 'delete')).status).toBe(200);
    for (const action of ['enable', 'disable', 'promote', 'delete']) {
      const again = await manage(root, id, action);
      expect([again.status, again.body.message]).toEqual([400, '该用户已注销，无法再进行操作']);
    }
  });

  it('keeps a deregistered user from signing in and their name reserved', async () => {
    const user = await registerAndLogin(gw.url, 'leaver');
    expect((await manage(root, user.userId, 'delete')).status).toBe(200);
    const login = await user.login('leaver', 'user-pass-123');
    expect(login.status).toBe(401);
    const again = await root.post('/api/user/', { username: 'leaver', password: 'user-pass-123' });
    expect(again.body.message).toBe('用户名已存在，或已注销');
  });

  it('lets a user deregister themselves but never root', async () => {
    const refused = await root.delete('/api/user/self');
    expect([refused.status, refused.body.message]).toEqual([403, '不能删除超级管理员账户']);
    const user = await registerAndLogin(gw.url, 'quitter');
    const res = await user.delete('/api/user/self');
    expect(res.status).toBe(200);
    expect((await gw.ctx.users.repo.findAnyById(user.userId!))?.deleted_at).toBeGreaterThan(0);
    const after = await user.get('/api/user/self');
    expect(after.status).toBe(401);
  });
});
