import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  ROOT,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';

describe('setup, sign-in and roles', () => {
  let gw: RunningGateway;
  let root: ApiClient;

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('reports setup not done, then refuses a second setup', async () => {
    const anon = new ApiClient(gw.url);
    const before = await anon.get<{ status: boolean; database_type: string }>('/api/setup');
    expect(before.body.data?.status).toBe(false);
    expect(['sqlite', 'postgres', 'mysql']).toContain(before.body.data?.database_type);
    const status = await anon.get<{ setup: boolean }>('/api/status');
    expect(status.body.data?.setup).toBe(false);

    const refused = await anon.post('/api/user/register', { username: 'early', password: 'early-pass-1' });
    expect(refused.status).toBe(403);

    const mismatch = await anon.post('/api/setup', {
      username: 'root',
      password: '12345678',
      confirmPassword: 'x2345678',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('两次输入的密码不一致');
    const short = await anon.post('/api/setup', {
      username: 'root',
      password: '1234',
      confirmPassword: '1234',
    });
    expect(short.body.message).toBe('密码长度至少为8个字符');

    root = await setupAndLoginRoot(gw.url);
    const again = await anon.post('/api/setup', {
      username: 'x',
      password: '12345678',
      confirmPassword: '12345678',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('系统已经初始化完成');
    expect((await anon.get<{ setup: boolean }>('/api/status')).body.data?.setup).toBe(true);
  });

  it('signs in with an HttpOnly, SameSite=Strict session cookie that lasts 30 days', async () => {
    const res = await fetch(`${gw.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ROOT.username, password: ROOT.password }),
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=2592000/i);
    expect(cookie).toMatch(/Path=\//i);
  });

  it('returns the root profile with role 100 and the starting quota', async () => {
    const self = await root.get<{ role: number; quota: number; username: string }>('/api/user/self');
    expect(self.status).toBe(200);
    expect(self.body.data).toMatchObject({ role: 100, username: ROOT.username, quota: 100_000_000 });
    expect(self.body.data).not.toHaveProperty('password');
    expect(self.body.data).not.toHaveProperty('access_token');
  });

  it('requires the New-Api-User header to match the session', async () => {
    const noHeader = new ApiClient(gw.url);
    noHeader.cookie = root.cookie;
    const r1 = await noHeader.get('/api/user/self');
    expect(r1.status).toBe(401);
    expect(r1.body.message).toBe('无权进行此操作，未提供 New-Api-User');
    noHeader.userId = 999;
    const r2 = await noHeader.get('/api/user/self');
    expect(r2.status).toBe(401);
    expect(r2.body.message).toBe('无权进行此操作，New-Api-User 与登录用户不匹配');
  });

  it('rejects wrong passwords without revealing which part was wrong', async () => {
    const c = new ApiClient(gw.url);
    const r = await c.login(ROOT.username, 'wrong-password');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('用户名或密码错误，或用户已被封禁');
  });

  it('gives a normal user 403 on root and admin routes, and ends a banned session at once', async () => {
    const user = await registerAndLogin(gw.url, 'alice');
    const self = await user.get<{ role: number }>('/api/user/self');
    expect(self.body.data?.role).toBe(1);
    const options = await user.get('/api/option/');
    expect(options.status).toBe(403);
    expect(options.body.message).toBe('无权进行此操作，权限不足');

    await gw.ctx.users.repo.update(user.userId!, { status: 2 });
    gw.ctx.users.cache.invalidate(user.userId!);
    const banned = await user.get('/api/user/self');
    expect(banned.status).toBe(401);
    expect(banned.body.message).toBe('用户已被封禁');
  });

  it('validates registration input', async () => {
    const c = new ApiClient(gw.url);
    const short = await c.post('/api/user/register', { username: 'bob', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('密码长度不得小于 8 位');
    const long = await c.post('/api/user/register', {
      username: 'bob-has-a-long-name',
      password: 'long-enough-1',
    });
    expect(long.status).toBe(400);
    const dup = await c.post('/api/user/register', { username: ROOT.username, password: 'long-enough-1' });
    expect(dup.body.message).toBe('用户名已存在，或已注销');
  });

  it('issues a system access token that authenticates as the user', async () => {
    const token = await root.get<string>('/api/user/token');
    expect(token.body.data).toMatch(/^[0-9a-zA-Z]{32}$/);
    const script = new ApiClient(gw.url);
    script.accessToken = token.body.data!;
    script.userId = root.userId;
    const self = await script.get<{ username: string }>('/api/user/self');
    expect(self.body.data?.username).toBe(ROOT.username);
    const rotated = await root.get<string>('/api/user/token');
    expect(rotated.body.data).not.toBe(token.body.data);
    const stale = await script.get('/api/user/self');
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe('无权进行此操作，access token 无效');
  });

  it('credits invite rewards to the inviter aff balance and the invitee quota', async () => {
    await root.put('/api/option/', { key: 'QuotaForInviter', value: '1000' });
    await root.put('/api/option/', { key: 'QuotaForInvitee', value: '300' });
    await root.put('/api/option/', { key: 'QuotaForNewUser', value: '50' });
    const inviter = await registerAndLogin(gw.url, 'inviter');
    const code = (await inviter.get<string>('/api/user/aff')).body.data!;
    expect(code).toMatch(/^[0-9a-zA-Z]{4}$/);
    const invitee = await registerAndLogin(gw.url, 'invitee', 'user-pass-123', { aff_code: code });
    const me = await invitee.get<{ quota: number; inviter_id: number }>('/api/user/self');
    expect(me.body.data).toMatchObject({ quota: 350, inviter_id: inviter.userId });
    const them = await inviter.get<{
      aff_count: number;
      aff_quota: number;
      aff_history_quota: number;
      quota: number;
    }>('/api/user/self');
    expect(them.body.data).toMatchObject({
      aff_count: 1,
      aff_quota: 1000,
      aff_history_quota: 1000,
      quota: 50,
    });
  });

  it('answers JSON 404 for unknown API paths and carries a request id', async () => {
    const api = await fetch(`${gw.url}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect((await api.json()).success).toBe(false);
    expect(api.headers.get('x-oneapi-request-id')).toMatch(/^\d{14}/);
    const v1 = await fetch(`${gw.url}/v1/unknown`);
    expect(v1.status).toBe(404);
    expect((await v1.json()).error.message).toBe('Invalid URL (GET /v1/unknown)');
  });
});

describe('sessions across a restart', () => {
  it('keeps the user signed in with a generated session secret', async () => {
    const first = await startGateway({ env: { SESSION_SECRET: '' } });
    const root = await setupAndLoginRoot(first.url);
    await first.stop({ keepDatabase: true });
    const second = await startGateway({
      database: first.database,
      dataDir: first.dataDir,
      env: { SESSION_SECRET: '' },
    });
    try {
      const again = new ApiClient(second.url);
      again.cookie = root.cookie;
      again.userId = root.userId;
      const self = await again.get<{ username: string }>('/api/user/self');
      expect(self.status).toBe(200);
      expect(self.body.data?.username).toBe(ROOT.username);
    } finally {
      await second.stop();
      await first.database.drop();
    }
  });

  it('signs everyone out when the session secret changes', async () => {
    const first = await startGateway({ env: { SESSION_SECRET: 'one' } });
    const root = await setupAndLoginRoot(first.url);
    await first.stop({ keepDatabase: true });
    const second = await startGateway({
      database: first.database,
      dataDir: first.dataDir,
      env: { SESSION_SECRET: 'two' },
    });
    try {
      const again = new ApiClient(second.url);
      again.cookie = root.cookie;
      again.userId = root.userId;
      expect((await again.get('/api/user/self')).status).toBe(401);
    } finally {
      await second.stop();
      await first.database.drop();
    }
  });
});

describe('setup when an administrator already exists', () => {
  it('only records the usage mode', async () => {
    const gw = await startGateway();
    try {
      await gw.ctx.users.repo.insert({ username: 'oldroot', password: 'x', role: 100 });
      const anon = new ApiClient(gw.url);
      const status = await anon.get<{ root_init: boolean }>('/api/setup');
      expect(status.body.data?.root_init).toBe(true);
      const res = await anon.post('/api/setup', { SelfUseModeEnabled: true });
      expect(res.body).toMatchObject({ success: true, message: '系统初始化成功' });
      expect(gw.ctx.options.bool('SelfUseModeEnabled')).toBe(true);
      expect(await gw.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    } finally {
      await gw.stop();
    }
  });
});

describe('admin user lookup', () => {
  it('shows a user to admins of a higher role only', async () => {
    const gw = await startGateway();
    try {
      const root = await setupAndLoginRoot(gw.url);
      const alice = await registerAndLogin(gw.url, 'alice2');
      const bob = await registerAndLogin(gw.url, 'bob2');
      const seen = await root.get<{ username: string; quota: number }>(`/api/user/${alice.userId}`);
      expect(seen.body.data).toMatchObject({ username: 'alice2', quota: 0 });
      expect(seen.body.data).not.toHaveProperty('password');
      expect((await root.get('/api/user/99999')).status).toBe(404);
      expect((await bob.get(`/api/user/${alice.userId}`)).status).toBe(403);
      await gw.ctx.users.repo.update(bob.userId!, { role: 10 });
      gw.ctx.users.cache.invalidate(bob.userId!);
      expect((await bob.get(`/api/user/${alice.userId}`)).status).toBe(200);
      const peer = await bob.get(`/api/user/${root.userId}`);
      expect(peer.status).toBe(403);
      expect(peer.body.message).toBe('无权获取同级或更高等级用户的信息');
      // Static routes keep working next to /user/:id.
      expect((await alice.get('/api/user/self')).status).toBe(200);
    } finally {
      await gw.stop();
    }
  });
});
