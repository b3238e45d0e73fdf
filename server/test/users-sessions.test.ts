import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToken,
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';
import { manage, registerAdmin, relayChat, USER_PASSWORD } from './support/user-admin.js';

/** Sessions end when they should: logout, password changes, bans, demotions and deletion. */
describe('session revocation', () => {
  let gw: RunningGateway;
  let root: ApiClient;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
  });
  afterAll(async () => {
    await gw.stop();
  });

  /** A second signed-in client of the same user (another browser). */
  async function secondSession(name: string, password = USER_PASSWORD): Promise<ApiClient> {
    const other = new ApiClient(gw.url);
    expect((await other.login(name, password)).body.success).toBe(true);
    return other;
  }

  /** An access token of the user, as a script would use it. */
  async function script(user: ApiClient): Promise<ApiClient> {
    const token = (await user.get<string>('/api/user/token')).body.data!;
    const client = new ApiClient(gw.url);
    client.accessToken = token;
    client.userId = user.userId;
    return client;
  }

  it('ends every session of the user on logout', async () => {
    const laptop = await registerAndLogin(gw.url, 'leaving');
    const phone = await secondSession('leaving');
    expect((await phone.get('/api/user/self')).status).toBe(200);
    expect((await laptop.get('/api/user/logout')).body.success).toBe(true);
    const stale = await phone.get('/api/user/self');
    expect([stale.status, stale.body.message]).toEqual([401, '登录已失效，请重新登录']);
    const back = await secondSession('leaving');
    expect((await back.get('/api/user/self')).status).toBe(200);
  });

  it('requires the current password to change it, keeps this session and ends the others', async () => {
    const laptop = await registerAndLogin(gw.url, 'changer');
    const phone = await secondSession('changer');
    const missing = await laptop.put('/api/user/self', { password: 'new-pass-456' });
    expect([missing.status, missing.body.message]).toEqual([400, '请输入原密码']);
    const wrong = await laptop.put('/api/user/self', {
      password: 'new-pass-456',
      original_password: 'not-my-pass',
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, '原密码错误']);
    expect((await phone.get('/api/user/self')).status).toBe(200);

    const changed = await laptop.put('/api/user/self', {
      password: 'new-pass-456',
      original_password: USER_PASSWORD,
    });
    expect(changed.body.success, changed.body.message).toBe(true);
    expect((await laptop.get('/api/user/self')).status).toBe(200);
    expect((await phone.get('/api/user/self')).status).toBe(401);
    expect((await new ApiClient(gw.url).login('changer', USER_PASSWORD)).status).toBe(401);
    expect((await new ApiClient(gw.url).login('changer', 'new-pass-456')).body.success).toBe(true);
    // Other fields still change without any password.
    expect((await laptop.put('/api/user/self', { display_name: 'C' })).body.success).toBe(true);
  });

  it('lets an admin reset a password without the old one, ending the user sessions', async () => {
    const user = await registerAndLogin(gw.url, 'forgetful');
    const res = await root.put('/api/user/', { id: user.userId, password: 'reset-pass-1' });
    expect(res.body.success, res.body.message).toBe(true);
    expect((await user.get('/api/user/self')).status).toBe(401);
    expect((await new ApiClient(gw.url).login('forgetful', 'reset-pass-1')).body.success).toBe(true);
  });

  it('applies a ban to the session, the access token and API keys at once', async () => {
    const user = await registerAndLogin(gw.url, 'rowdy');
    const tokenClient = await script(user);
    const apiKey = (await addToken(gw, user.userId!, { unlimited: true })).apiKey;
    expect((await tokenClient.get('/api/user/self')).status).toBe(200);

    expect((await manage(root, user.userId, 'disable')).body.data).toEqual({ role: 1, status: 2 });
    const session = await user.get('/api/user/self');
    expect([session.status, session.body.message]).toEqual([401, '用户已被封禁']);
    const viaToken = await tokenClient.get('/api/user/self');
    expect([viaToken.status, viaToken.body.message]).toEqual([403, '用户已被封禁']);
    const relay = await relayChat(gw.url, apiKey, 'any-model');
    expect([relay.status, relay.error?.message, relay.error?.code]).toEqual([
      403,
      '用户已被封禁',
      'user_banned',
    ]);
    const login = await new ApiClient(gw.url).login('rowdy', USER_PASSWORD);
    expect([login.status, login.body.message]).toEqual([401, '用户名或密码错误，或用户已被封禁']);

    // Re-enabling does not revive the session that the ban ended.
    expect((await manage(root, user.userId, 'enable')).body.data).toEqual({ role: 1, status: 1 });
    expect((await user.get('/api/user/self')).status).toBe(401);
    expect((await tokenClient.get('/api/user/self')).status).toBe(200);
    expect((await secondSession('rowdy').then((c) => c.get('/api/user/self'))).status).toBe(200);
  });

  it('applies a demotion to admin routes at once', async () => {
    const admin = await registerAdmin(gw.url, root, 'demotee');
    expect((await admin.get('/api/user/?p=1&page_size=10')).status).toBe(200);
    expect((await manage(root, admin.userId, 'demote')).body.data).toEqual({ role: 1, status: 1 });
    const res = await admin.get('/api/user/?p=1&page_size=10');
    expect([res.status, res.body.message]).toEqual([403, '无权进行此操作，权限不足']);
    expect((await admin.get('/api/user/self')).status).toBe(200);
  });

  it('ends sessions, the access token and API keys of a deleted user', async () => {
    const user = await registerAndLogin(gw.url, 'deleted');
    const tokenClient = await script(user);
    const apiKey = (await addToken(gw, user.userId!, { unlimited: true })).apiKey;
    expect((await manage(root, user.userId, 'delete')).status).toBe(200);
    expect((await user.get('/api/user/self')).status).toBe(401);
    const viaToken = await tokenClient.get('/api/user/self');
    expect([viaToken.status, viaToken.body.message]).toEqual([401, '无权进行此操作，access token 无效']);
    const relay = await relayChat(gw.url, apiKey, 'any-model');
    expect([relay.status, relay.error?.message]).toEqual([401, '无效的令牌']);
  });

  it('ends everything at once when a user deletes their own account', async () => {
    const user = await registerAndLogin(gw.url, 'selfgone');
    const phone = await secondSession('selfgone');
    const apiKey = (await addToken(gw, user.userId!, { unlimited: true })).apiKey;
    expect((await user.delete('/api/user/self')).body.success).toBe(true);
    expect((await user.get('/api/user/self')).status).toBe(401);
    expect((await phone.get('/api/user/self')).status).toBe(401);
    expect((await relayChat(gw.url, apiKey, 'any-model')).status).toBe(401);
  });
});
