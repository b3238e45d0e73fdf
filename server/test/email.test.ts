import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  setupAndLoginRoot,
  startFakeSmtp,
  startGateway,
  type FakeSmtp,
  type RunningGateway,
} from '@gateway/test-support';

describe('email verification and password reset', () => {
  let gw: RunningGateway;
  let smtp: FakeSmtp;
  let root: ApiClient;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
  });
  afterAll(async () => {
    await gw.stop();
    await smtp.close();
  });

  const configureSmtp = async () => {
    const options = {
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'gw@example.com',
      SMTPToken: 'pw',
    };
    for (const [key, value] of Object.entries(options)) await root.put('/api/option/', { key, value });
  };

  it('says SMTP is not configured', async () => {
    const res = await new ApiClient(gw.url).get('/api/verification?email=a@example.com');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('SMTP 服务器未配置');
  });

  it('registers with a mailed code that works once', async () => {
    await configureSmtp();
    await root.put('/api/option/', { key: 'EmailVerificationEnabled', value: 'true' });
    const anon = new ApiClient(gw.url);
    expect((await anon.get('/api/verification?email=new@example.com')).body.success).toBe(true);
    const mail = await smtp.next();
    expect(mail.to).toEqual(['new@example.com']);
    const code = /<strong>([0-9a-f]{6})<\/strong>/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    const noCode = await anon.post('/api/user/register', {
      username: 'mailer',
      password: 'mail-pass-1',
      email: 'new@example.com',
    });
    expect(noCode.body.message).toBe('管理员开启了邮箱验证，请输入邮箱地址和验证码');
    const wrong = await anon.post('/api/user/register', {
      username: 'mailer',
      password: 'mail-pass-1',
      email: 'new@example.com',
      verification_code: '000000',
    });
    expect(wrong.body.message).toBe('验证码错误或已过期');
    const good = await anon.post('/api/user/register', {
      username: 'mailer',
      password: 'mail-pass-1',
      email: 'new@example.com',
      verification_code: code,
    });
    expect(good.body.success).toBe(true);
    const again = await anon.post('/api/user/register', {
      username: 'mailer2',
      password: 'mail-pass-1',
      email: 'new@example.com',
      verification_code: code,
    });
    expect(again.body.success).toBe(false);
    const taken = await anon.get('/api/verification?email=new@example.com');
    expect(taken.body.message).toBe('邮箱地址已被占用');
    await root.put('/api/option/', { key: 'EmailVerificationEnabled', value: 'false' });
  });

  it('applies the domain whitelist and the alias restriction', async () => {
    await configureSmtp();
    await root.put('/api/option/', { key: 'EmailDomainWhitelist', value: 'example.com' });
    await root.put('/api/option/', { key: 'EmailDomainRestrictionEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'EmailAliasRestrictionEnabled', value: 'true' });
    const anon = new ApiClient(gw.url);
    expect((await anon.get('/api/verification?email=x@other.org')).body.message).toContain('whitelist');
    expect(
      (await anon.get(`/api/verification?email=${encodeURIComponent('x+1@example.com')}`)).body.message,
    ).toContain('别名限制');
    expect((await anon.get('/api/verification?email=plain@EXAMPLE.com')).body.success).toBe(true);
    await smtp.next();
    await root.put('/api/option/', { key: 'EmailDomainRestrictionEnabled', value: 'false' });
    await root.put('/api/option/', { key: 'EmailAliasRestrictionEnabled', value: 'false' });
  });

  it('resets a password through the mailed link, once', async () => {
    await configureSmtp();
    const anon = new ApiClient(gw.url);
    expect((await anon.get('/api/reset_password?email=nobody@example.com')).body.message).toBe(
      '该邮箱地址未注册',
    );
    expect((await anon.get('/api/reset_password?email=new@example.com')).body.success).toBe(true);
    const mail = await smtp.next();
    const token = /token=([0-9a-f]{32})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const reset = await anon.post<string>('/api/user/reset', { email: 'new@example.com', token });
    expect(reset.body.data).toMatch(/^[0-9a-f]{12}$/);
    expect((await anon.login('mailer', reset.body.data!)).status).toBe(200);
    const reused = await anon.post('/api/user/reset', { email: 'new@example.com', token });
    expect(reused.body.message).toBe('重置链接非法或已过期');
  });
});
