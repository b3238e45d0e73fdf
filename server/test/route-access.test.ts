import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';

/** Routes anyone may call. Anything else under /api must carry a guard. */
const PUBLIC = [
  'GET /api/setup',
  'POST /api/setup',
  'GET /api/status',
  'GET /api/notice',
  'GET /api/about',
  'GET /api/home_page_content',
  'GET /api/pricing',
  'POST /api/user/login',
  'GET /api/user/logout',
  'POST /api/user/register',
  'GET /api/verification',
  'GET /api/reset_password',
  'POST /api/user/reset',
  'GET /api/user/epay/notify',
  'POST /api/user/epay/notify',
  // Third-party sign-in: anyone may sign in; these bind instead when the caller is signed in.
  'GET /api/oauth/state',
  'GET /api/oauth/github',
  'GET /api/oauth/oidc',
  'GET /api/oauth/linuxdo',
  'GET /api/oauth/wechat',
  'GET /api/oauth/telegram/login',
];

const concrete = (url: string) => url.replace(/:(\w+)/g, '1');

describe('who may call each /api route', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let user: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    user = await registerAndLogin(gw.url, 'plainuser');
    admin = await registerAndLogin(gw.url, 'anadmin');
    await gw.ctx.users.repo.update(admin.userId!, { role: 10 });
    gw.ctx.users.cache.invalidate(admin.userId!);
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('guards every route that is not public', () => {
    const unguarded = gw.ctx.apiRoutes
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(unguarded.sort()).toEqual([...PUBLIC].sort());
    expect(gw.ctx.apiRoutes.filter((r) => r.access === 'admin').length).toBeGreaterThan(25);
  });

  it('refuses every admin and root route to a normal user (403) and to guests (401)', async () => {
    const guarded = gw.ctx.apiRoutes.filter((r) => r.access === 'admin' || r.access === 'root');
    const anon = new ApiClient(gw.url);
    for (const route of guarded) {
      const path = concrete(route.url);
      const asUser = await user.request(
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      expect(asUser.status, `${route.method} ${path}`).toBe(403);
      expect(asUser.body.message).toBe('无权进行此操作，权限不足');
      expect((await anon.request(route.method, path)).status, `${route.method} ${path}`).toBe(401);
    }
  });

  it('keeps root routes from admins', async () => {
    for (const route of gw.ctx.apiRoutes.filter((r) => r.access === 'root')) {
      const res = await admin.request(
        route.method,
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
    expect((await root.get('/api/option/')).status).toBe(200);
  });

  it('lets admins manage operation options but not the root-only ones', async () => {
    const asAdmin = (await admin.get<Array<{ key: string }>>('/api/option/')).body.data!.map((o) => o.key);
    expect(asAdmin).toContain('ModelRatio');
    expect(asAdmin).toContain('QuotaForNewUser');
    expect(asAdmin).not.toContain('SystemName');
    expect(asAdmin).not.toContain('SMTPServer');
    expect(asAdmin).not.toContain('TopUpLink');
    const asRoot = (await root.get<Array<{ key: string }>>('/api/option/')).body.data!.map((o) => o.key);
    expect(asRoot).toEqual(expect.arrayContaining(['SystemName', 'SMTPServer', 'TopUpLink']));

    expect((await admin.put('/api/option/', { key: 'RetryTimes', value: '2' })).status).toBe(200);
    const refused = await admin.put('/api/option/', { key: 'SystemName', value: 'Taken over' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('无权进行此操作，权限不足');
    expect(gw.ctx.options.str('SystemName')).not.toBe('Taken over');
    expect((await user.put('/api/option/', { key: 'RetryTimes', value: '3' })).status).toBe(403);
  });
});
