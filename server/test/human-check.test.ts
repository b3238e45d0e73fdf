import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  putOptions,
  setupAndLoginRoot,
  startFakeSmtp,
  startFakeTurnstile,
  startGateway,
  type FakeSmtp,
  type FakeTurnstile,
  type RunningGateway,
} from '@gateway/test-support';

const SECRET = 'turnstile-secret';

/** Turnstile on sign-in, sign-up, verification mail and reset, against a local siteverify; email rules. */
describe('human check and registration rules', () => {
  let gw: RunningGateway;
  let turnstile: FakeTurnstile;
  let smtp: FakeSmtp;
  let root: ApiClient;

  beforeAll(async () => {
    turnstile = await startFakeTurnstile(SECRET);
    smtp = await startFakeSmtp();
    gw = await startGateway({ env: { TURNSTILE_VERIFY_URL: turnstile.url } });
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'gw@example.com',
      SMTPToken: 'pw',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await turnstile.close();
    await smtp.close();
  });

  const enableTurnstile = (on: boolean) =>
    putOptions(root, {
      TurnstileSiteKey: 'site-key',
      TurnstileSecretKey: SECRET,
      TurnstileCheckEnabled: String(on),
    });

  describe('with TurnstileCheckEnabled', () => {
    beforeAll(() => enableTurnstile(true));
    afterAll(() => enableTurnstile(false));

    it('refuses sign-in without a token, with a forged one and with a used one', async () => {
      const anon = new ApiClient(gw.url);
      const creds = { username: 'root', password: 'root-pass-123' };
      const none = await anon.post('/api/user/login', creds);
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Turnstile token 为空');
      const forged = await anon.post('/api/user/login?turnstile=made-up', creds);
      expect(forged.status).toBe(403);
      expect(forged.body.message).toBe('Turnstile 校验失败，请刷新重试！');

      const token = turnstile.issue();
      const good = await anon.post(`/api/user/login?turnstile=${token}`, creds);
      expect(good.status).toBe(200);
      expect(turnstile.calls.at(-1)).toEqual({ secret: SECRET, response: token, remoteip: '127.0.0.1' });
      // Tokens are single use, and a session that passed once is not trusted for the next call.
      const replay = await anon.post(`/api/user/login?turnstile=${token}`, creds);
      expect(replay.body.message).toBe('Turnstile 校验失败，请刷新重试！');
      expect((await anon.post('/api/user/login', creds)).body.message).toBe('Turnstile token 为空');
    });

    it('accepts the token in the body too, and guards registration', async () => {
      const anon = new ApiClient(gw.url);
      const body = { username: 'human1', password: 'human-pass-1', password2: 'human-pass-1' };
      expect((await anon.post('/api/user/register', body)).body.message).toBe('Turnstile token 为空');
      const res = await anon.post('/api/user/register', { ...body, turnstile: turnstile.issue() });
      expect(res.body).toMatchObject({ success: true });
    });

    it('guards the verification mail and the password reset mail', async () => {
      const anon = new ApiClient(gw.url);
      expect((await anon.get('/api/verification?email=h@example.com')).body.message).toBe(
        'Turnstile token 为空',
      );
      expect((await anon.get('/api/reset_password?email=h@example.com')).body.message).toBe(
        'Turnstile token 为空',
      );
      const sent = await anon.get(`/api/verification?email=h@example.com&turnstile=${turnstile.issue()}`);
      expect(sent.body).toMatchObject({ success: true });
      expect((await smtp.next()).to).toEqual(['h@example.com']);
      const reset = await anon.get(`/api/reset_password?email=h@example.com&turnstile=${turnstile.issue()}`);
      expect(reset.body.message).toBe('该邮箱地址未注册');
    });
  });

  it('answers 502 with a clear message when siteverify cannot be reached', async () => {
    const other = await startGateway({
      env: { TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify' },
    });
    try {
      const admin = await setupAndLoginRoot(other.url);
      await putOptions(admin, {
        TurnstileSiteKey: 'site-key',
        TurnstileSecretKey: SECRET,
        TurnstileCheckEnabled: 'true',
      });
      const res = await new ApiClient(other.url).post('/api/user/login?turnstile=abc', {
        username: 'root',
        password: 'root-pass-123',
      });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Turnstile 校验服务暂不可用，请稍后重试');
    } finally {
      await other.stop();
    }
  });

  it('asks for nothing while the check is off', async () => {
    const anon = new ApiClient(gw.url);
    expect((await anon.login('root', 'root-pass-123')).status).toBe(200);
  });

  it('refuses + aliases everywhere and dots only at Gmail', async () => {
    await putOptions(root, { EmailAliasRestrictionEnabled: 'true' });
    const anon = new ApiClient(gw.url);
    const ask = (email: string) => anon.get(`/api/verification?email=${encodeURIComponent(email)}`);
    const alias = '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。';
    expect((await ask('first+tag@example.com')).body.message).toBe(alias);
    expect((await ask('first.last@gmail.com')).body.message).toBe(alias);
    expect((await ask('First.Last@GoogleMail.com')).body.message).toBe(alias);
    expect((await ask('first.last@example.com')).body).toMatchObject({ success: true });
    await smtp.next();
    await putOptions(root, { EmailAliasRestrictionEnabled: 'false' });
  });

  it('checks the rules again when the code is used to register', async () => {
    await putOptions(root, { EmailVerificationEnabled: 'true' });
    const anon = new ApiClient(gw.url);
    expect((await anon.get('/api/verification?email=late@other.org')).body.success).toBe(true);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec((await smtp.next()).text)?.[1];
    await putOptions(root, { EmailDomainWhitelist: 'example.com', EmailDomainRestrictionEnabled: 'true' });
    const res = await anon.post('/api/user/register', {
      username: 'late',
      password: 'late-pass-1',
      email: 'late@other.org',
      verification_code: code,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('whitelist');
    await putOptions(root, { EmailDomainRestrictionEnabled: 'false', EmailVerificationEnabled: 'false' });
  });
});
