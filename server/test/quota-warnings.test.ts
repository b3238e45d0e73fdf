import { createHmac } from 'node:crypto';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addChannel,
  addToken,
  putOptions,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeSmtp,
  startFakeUpstream,
  startFakeWebhook,
  startGateway,
  WEBHOOK_TEST_CERT_PATH,
  type ApiClient,
  type FakeSmtp,
  type FakeUpstream,
  type FakeWebhook,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * Low-balance warnings after relay charges: one per user per two hours across instances, by a
 * signed webhook (HTTPS, through the outbound guard) or by mail. Each call costs 400: prompt 400
 * at ratio 1, no completion.
 */
describe('quota warnings', () => {
  let a: RunningGateway;
  let b: RunningGateway;
  let upstream: FakeUpstream;
  let webhook: FakeWebhook;
  let smtp: FakeSmtp;
  let root: ApiClient;
  const env = { OUTBOUND_CA_FILE: WEBHOOK_TEST_CERT_PATH };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    webhook = await startFakeWebhook();
    smtp = await startFakeSmtp();
    const prefix = `qw${Date.now()}:`;
    a = await startGateway({ env, redisPrefix: prefix });
    // Same database (on SQLite: the same file in the same data directory) and the same Redis.
    b = await startGateway({ env, redisPrefix: prefix, database: a.database, dataDir: a.dataDir });
    root = await setupAndLoginRoot(a.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ 'warn-model': 1 }),
      AllowPrivateWebhookAddresses: 'true',
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'gw@example.com',
      SMTPToken: 'pw',
      ServerAddress: 'https://gw.example.com',
    });
    upstream.scenario('warn-key', { content: 'ok', usage: { prompt: 400, completion: 0 } });
    await addChannel(a, { key: 'warn-key', baseUrl: upstream.url, models: ['warn-model'] });
    // Without Redis the instances share no bus: B reads what A saved.
    await b.ctx.options.load();
    await b.ctx.relay.routing.reload();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await b.stop({ keepDatabase: true });
    await a.stop();
    await Promise.all([upstream.close(), webhook.close(), smtp.close()]);
  });

  const call = (gw: RunningGateway, apiKey: string) =>
    new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 }).chat.completions.create({
      model: 'warn-model',
      max_tokens: 1,
      messages: [{ role: 'user', content: 'hi' }],
    });
  const settle = async () => {
    await a.ctx.quotaWarnings.idle();
    await b.ctx.quotaWarnings.idle();
  };

  async function payer(name: string, quota: number, setting: Record<string, unknown>) {
    const user = await registerAndLogin(a.url, name);
    const saved = await user.put('/api/user/setting', setting);
    expect(saved.body.success, saved.body.message).toBe(true);
    await setUserQuota(a, user.userId!, quota);
    const token = await addToken(a, user.userId!, { unlimited: true });
    return { id: user.userId!, apiKey: token.apiKey };
  }

  it('sends one signed webhook when a charge crosses the threshold, then waits two hours', async () => {
    const { id, apiKey } = await payer('hooked', 10_500, {
      notify_type: 'webhook',
      quota_warning_threshold: 10_000,
      webhook_url: webhook.url,
      webhook_secret: 'hook-secret',
    });
    await call(a, apiKey); // 10 100 left: above the threshold
    await settle();
    expect(webhook.received).toHaveLength(0);

    await call(a, apiKey); // 9 700 left
    await settle();
    const hook = await webhook.next();
    const expected = createHmac('sha256', 'hook-secret').update(hook.raw).digest('hex');
    expect(hook.headers['x-webhook-signature']).toBe(expected);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.json).toMatchObject({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      values: [
        '您的额度即将用尽',
        '＄0.019400 额度',
        'https://gw.example.com/topup',
        'https://gw.example.com/topup',
      ],
      content:
        "您的额度即将用尽，当前剩余额度为 ＄0.019400 额度，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='https://gw.example.com/topup'>https://gw.example.com/topup</a>",
    });

    await call(a, apiKey); // 9 300: same instance, inside the window
    await call(b, apiKey); // 8 900: another instance, inside the window
    await settle();
    expect(webhook.received).toHaveLength(1);

    // Two hours and a second later the next low balance warns again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (2 * 3600 + 1) * 1000 });
    try {
      await call(a, apiKey);
      await settle();
      // (Without Redis each instance has its own admission view, so the balance it reports varies.)
      expect((await webhook.next()).json).toMatchObject({ type: 'quota_exceed', title: '您的额度即将用尽' });
    } finally {
      vi.useRealTimers();
    }
    const row = await a.ctx.db
      .selectFrom('users')
      .select('quota_warned_at')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row!.quota_warned_at).toBeGreaterThan(Date.now() / 1000 + 7000);
  });

  it('mails the warning to the notification address', async () => {
    const { apiKey } = await payer('mailed', 10_300, {
      notify_type: 'email',
      quota_warning_threshold: 10_000,
      notification_email: 'alerts@example.com',
    });
    await call(a, apiKey); // 9 900 left
    await settle();
    const mail = await smtp.next();
    expect(mail.to).toEqual(['alerts@example.com']);
    expect(mail.text).toContain('Subject: =?UTF-8?');
    expect(mail.text).toContain('当前剩余额度为 ＄0.019800 额度');
  });

  it('spends nothing on a user no notice could reach', async () => {
    // Email type, no notification address and no account email.
    const { id, apiKey } = await payer('unreachable', 10_300, {
      notify_type: 'email',
      quota_warning_threshold: 10_000,
    });
    const mails = smtp.mails.length;
    await call(a, apiKey);
    await settle();
    expect(smtp.mails).toHaveLength(mails);
    const row = await a.ctx.db
      .selectFrom('users')
      .select('quota_warned_at')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row!.quota_warned_at).toBe(0);
  });

  it('refuses a webhook on a private address unless the option allows it, without failing the call', async () => {
    await putOptions(root, { AllowPrivateWebhookAddresses: 'false' });
    try {
      const before = webhook.received.length;
      const { id, apiKey } = await payer('guarded', 10_300, {
        notify_type: 'webhook',
        quota_warning_threshold: 10_000,
        webhook_url: webhook.url.replace('127.0.0.1', 'localhost'),
        webhook_secret: 'x',
      });
      const res = await call(a, apiKey);
      expect(res.choices[0]?.message.content).toBe('ok');
      await settle();
      expect(webhook.received).toHaveLength(before);
      // The warning was due (and is spent): only the guard stopped it.
      const row = await a.ctx.db
        .selectFrom('users')
        .select('quota_warned_at')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row!.quota_warned_at).toBeGreaterThan(0);
    } finally {
      await putOptions(root, { AllowPrivateWebhookAddresses: 'true' });
    }
  });
});
