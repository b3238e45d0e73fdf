import type { UserView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  startFakeSmtp,
  startFakeWeChat,
  startGateway,
  telegramWidgetData,
  type FakeSmtp,
  type FakeWeChat,
  type RunningGateway,
} from '@gateway/test-support';
import { manage } from './support/user-admin.js';

const BOT_TOKEN = '424242:telegram-bot-token';
const now = () => Math.floor(Date.now() / 1000);

/** WeChat codes, the Telegram login widget and email binding, against local peers. */
describe('WeChat, Telegram and email sign-in and binding', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let wechat: FakeWeChat;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    wechat = await startFakeWeChat('wechat-server-token');
    smtp = await startFakeSmtp();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      WeChatServerAddress: wechat.url,
      WeChatServerToken: 'wechat-server-token',
      WeChatAuthEnabled: 'true',
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'gateway_bot',
      TelegramOAuthEnabled: 'true',
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'gw@example.com',
      SMTPToken: 'pw',
      QuotaForNewUser: '700',
    });
  });
  afterAll(async () => {
    await gw?.stop();
    await Promise.all([wechat?.close(), smtp?.close()]);
  });

  const self = async (client: ApiClient) => (await client.get<UserView>('/api/user/self')).body.data!;
  const signIn = async (client: ApiClient, path: string) => {
    const res = await client.get<{ id: number; username: string }>(path);
    if (res.body.success && res.body.data) client.userId = res.body.data.id;
    return res;
  };
  const telegramQuery = (id: number, authDate = now(), token = BOT_TOKEN) =>
    new URLSearchParams(telegramWidgetData({ id, first_name: 'T', auth_date: authDate }, token)).toString();

  it('creates a WeChat user on the first code and signs the same person in later', async () => {
    const browser = new ApiClient(gw.url);
    const first = await signIn(browser, `/api/oauth/wechat?code=${wechat.issueCode('wx-open-1')}`);
    expect(first.body.success).toBe(true);
    expect(await self(browser)).toMatchObject({
      wechat_id: 'wx-open-1',
      display_name: 'WeChat User',
      quota: 700,
    });
    const later = await signIn(
      new ApiClient(gw.url),
      `/api/oauth/wechat?code=${wechat.issueCode('wx-open-1')}`,
    );
    expect(later.body.data?.id).toBe(first.body.data?.id);

    const used = await new ApiClient(gw.url).get('/api/oauth/wechat?code=000000');
    expect([used.status, used.body.message]).toEqual([400, '验证码错误或已过期']);
    const empty = await new ApiClient(gw.url).get('/api/oauth/wechat?code=');
    expect(empty.status).toBe(400);
  });

  it('creates one account when the same new identity signs in several times at once', async () => {
    const browsers = Array.from({ length: 5 }, () => new ApiClient(gw.url));
    const results = await Promise.all(
      browsers.map((b) => signIn(b, `/api/oauth/wechat?code=${wechat.issueCode('wx-race')}`)),
    );
    for (const r of results) expect(r.body.success, r.body.message).toBe(true);
    const ids = new Set(results.map((r) => r.body.data?.id));
    expect(ids.size).toBe(1);
    const rows = await gw.ctx.db
      .selectFrom('users')
      .select(['id', 'quota'])
      .where('wechat_id', '=', 'wx-race')
      .execute();
    // One account, given the new-user quota once.
    expect(rows).toEqual([{ id: [...ids][0], quota: 700 }]);
  });

  it('lets only one of two users bind the same new identity at once', async () => {
    const [ann, ben] = await Promise.all([registerAndLogin(gw.url, 'ann'), registerAndLogin(gw.url, 'ben')]);
    const results = await Promise.all(
      [ann, ben].map((c) => c.get(`/api/oauth/wechat/bind?code=${wechat.issueCode('wx-shared')}`)),
    );
    expect(results.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.body.success)!.status).toBe(409);
    const holders = await gw.ctx.db
      .selectFrom('users')
      .select('id')
      .where('wechat_id', '=', 'wx-shared')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('binds WeChat to a signed-in user, refuses one bound elsewhere and a signed-out caller', async () => {
    const gina = await registerAndLogin(gw.url, 'gina');
    const bound = await gina.get(`/api/oauth/wechat/bind?code=${wechat.issueCode('wx-gina')}`);
    expect(bound.body.success).toBe(true);
    expect((await self(gina)).wechat_id).toBe('wx-gina');
    const hank = await registerAndLogin(gw.url, 'hank');
    const taken = await hank.get(`/api/oauth/wechat/bind?code=${wechat.issueCode('wx-gina')}`);
    expect([taken.status, taken.body.message]).toEqual([409, '该微信账号已被绑定']);
    const anonymous = await new ApiClient(gw.url).get(
      `/api/oauth/wechat/bind?code=${wechat.issueCode('wx-x')}`,
    );
    expect(anonymous.status).toBe(401);
  });

  it('refuses to bind an address the registration rules refuse, even with a valid code', async () => {
    const mia = await registerAndLogin(gw.url, 'mia');
    expect((await mia.get('/api/verification?email=mia%2Bshop@example.com')).body.success).toBe(true);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec((await smtp.next()).text)?.[1];
    // The rule is switched on after the code was mailed.
    await putOptions(root, { EmailAliasRestrictionEnabled: 'true' });
    try {
      const refused = await mia.get(`/api/oauth/email/bind?email=mia%2Bshop@example.com&code=${code}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/别名/);
      expect((await self(mia)).email).toBe('');
    } finally {
      await putOptions(root, { EmailAliasRestrictionEnabled: 'false' });
    }
  });

  it('refuses WeChat when it is switched off, and a banned user', async () => {
    const ivy = await registerAndLogin(gw.url, 'ivy');
    await ivy.get(`/api/oauth/wechat/bind?code=${wechat.issueCode('wx-ivy')}`);
    expect((await manage(root, ivy.userId, 'disable')).body.success).toBe(true);
    const banned = await new ApiClient(gw.url).get(`/api/oauth/wechat?code=${wechat.issueCode('wx-ivy')}`);
    expect([banned.status, banned.body.message]).toEqual([403, '用户已被封禁']);
    await putOptions(root, { WeChatAuthEnabled: 'false' });
    const off = await new ApiClient(gw.url).get(`/api/oauth/wechat?code=${wechat.issueCode('wx-open-1')}`);
    expect([off.status, off.body.message]).toEqual([403, '管理员未开启通过微信登录以及注册']);
    await putOptions(root, { WeChatAuthEnabled: 'true' });
  });

  it('binds Telegram with a valid widget hash and then signs in with it', async () => {
    const jill = await registerAndLogin(gw.url, 'jill');
    const unbound = await new ApiClient(gw.url).get(`/api/oauth/telegram/login?${telegramQuery(5001)}`);
    expect([unbound.status, unbound.body.message]).toEqual([400, '该 Telegram 账户未绑定']);
    const bound = await jill.get(`/api/oauth/telegram/bind?${telegramQuery(5001)}`);
    expect(bound.body.success).toBe(true);
    expect((await self(jill)).telegram_id).toBe('5001');
    const browser = new ApiClient(gw.url);
    const login = await signIn(browser, `/api/oauth/telegram/login?${telegramQuery(5001)}`);
    expect(login.body.data?.id).toBe(jill.userId);
    expect((await self(browser)).username).toBe('jill');

    const kate = await registerAndLogin(gw.url, 'kate');
    const taken = await kate.get(`/api/oauth/telegram/bind?${telegramQuery(5001)}`);
    expect([taken.status, taken.body.message]).toEqual([409, '该 Telegram 账户已被绑定']);
  });

  it('refuses a forged, tampered or day-old Telegram login and a switched-off widget', async () => {
    const forged = await new ApiClient(gw.url).get(
      `/api/oauth/telegram/login?${telegramQuery(5001, now(), '1:x')}`,
    );
    expect([forged.status, forged.body.message]).toEqual([400, '无效的请求']);
    const tampered = new URLSearchParams(telegramQuery(5002));
    tampered.set('id', '5001');
    const changed = await new ApiClient(gw.url).get(`/api/oauth/telegram/login?${tampered.toString()}`);
    expect([changed.status, changed.body.message]).toEqual([400, '无效的请求']);
    const stale = await new ApiClient(gw.url).get(
      `/api/oauth/telegram/login?${telegramQuery(5001, now() - 86_401)}`,
    );
    expect([stale.status, stale.body.message]).toEqual([400, 'Telegram 登录信息已过期，请重新登录']);
    await putOptions(root, { TelegramOAuthEnabled: 'false' });
    const off = await new ApiClient(gw.url).get(`/api/oauth/telegram/login?${telegramQuery(5001)}`);
    expect([off.status, off.body.message]).toEqual([403, '管理员未开启通过 Telegram 登录以及注册']);
    await putOptions(root, { TelegramOAuthEnabled: 'true' });
  });

  it('binds an email address with the mailed code, once', async () => {
    const liam = await registerAndLogin(gw.url, 'liam');
    expect((await liam.get('/api/verification?email=liam@example.com')).body.success).toBe(true);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec((await smtp.next()).text)?.[1];
    const wrong = await liam.get('/api/oauth/email/bind?email=liam@example.com&code=000000');
    expect([wrong.status, wrong.body.message]).toEqual([400, '验证码错误或已过期']);
    const bound = await liam.get(`/api/oauth/email/bind?email=liam@example.com&code=${code}`);
    expect(bound.body.success).toBe(true);
    expect((await self(liam)).email).toBe('liam@example.com');
    const again = await liam.get(`/api/oauth/email/bind?email=liam@example.com&code=${code}`);
    expect(again.body.message).toBe('验证码错误或已过期');
    const anonymous = await new ApiClient(gw.url).get(
      `/api/oauth/email/bind?email=x@example.com&code=${code}`,
    );
    expect(anonymous.status).toBe(401);
  });
});
