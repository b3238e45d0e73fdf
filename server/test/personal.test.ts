import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';
import type { UserSettingView, UserView } from '@gateway/contract';

/** Invite earnings into the balance, and the notification settings (PUT/GET /api/user/setting). */
describe('personal settings', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  const REWARD = 1_500_000;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      QuotaForInviter: String(REWARD),
      QuotaPerUnit: '500000',
      DisplayInCurrencyEnabled: 'true',
      ModelRatio: JSON.stringify({ 'priced-model': 1 }),
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  const quotas = async (id: number) =>
    gw.ctx.db
      .selectFrom('users')
      .select(['quota', 'aff_quota', 'aff_history_quota'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** A user who invited one other user: REWARD in invite earnings. */
  async function inviter(name: string): Promise<ApiClient> {
    const user = await registerAndLogin(gw.url, name);
    const code = (await user.get<string>('/api/user/aff')).body.data!;
    await registerAndLogin(gw.url, `${name}-i`, 'user-pass-123', { aff_code: code });
    expect(await quotas(user.userId!)).toEqual({ quota: 0, aff_quota: REWARD, aff_history_quota: REWARD });
    return user;
  }

  describe('POST /api/user/aff_transfer', () => {
    it('moves earnings into the balance, at least one unit and never more than earned', async () => {
      const user = await inviter('aff1');
      const id = user.userId!;
      // The admission view has the balance loaded before the transfer: it must follow.
      expect(await gw.ctx.ledger.authority.userBalance(id)).toBe(0);

      const small = await user.post('/api/user/aff_transfer', { quota: 499_999 });
      expect(small.status).toBe(400);
      expect(small.body.message).toBe('划转失败 转移额度最小为＄1.000000 额度！');
      const tooMuch = await user.post('/api/user/aff_transfer', { quota: REWARD + 1 });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.message).toBe('划转失败 邀请额度不足！');
      for (const bad of [{}, { quota: '500000' }, { quota: 500_000.5 }, { quota: -500_000 }]) {
        const res = await user.post('/api/user/aff_transfer', bad);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('无效的参数');
      }
      expect(await quotas(id)).toEqual({ quota: 0, aff_quota: REWARD, aff_history_quota: REWARD });

      const done = await user.post('/api/user/aff_transfer', { quota: 600_000 });
      expect(done.body).toEqual({ success: true, message: '划转成功' });
      expect(await quotas(id)).toEqual({ quota: 600_000, aff_quota: 900_000, aff_history_quota: REWARD });
      expect(await gw.ctx.ledger.authority.userBalance(id)).toBe(600_000);
    });

    it('moves the earnings exactly once when transfers race', async () => {
      const user = await inviter('aff2');
      const id = user.userId!;
      await gw.ctx.ledger.authority.userBalance(id);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => user.post('/api/user/aff_transfer', { quota: 500_000 })),
      );
      const won = results.filter((r) => r.body.success).length;
      expect(won).toBe(3);
      for (const r of results.filter((x) => !x.body.success)) {
        expect(r.body.message).toBe('划转失败 邀请额度不足！');
      }
      expect(await quotas(id)).toEqual({ quota: REWARD, aff_quota: 0, aff_history_quota: REWARD });
      expect(await gw.ctx.ledger.authority.userBalance(id)).toBe(REWARD);
    });

    it('is for signed-in users only', async () => {
      const res = await fetch(`${gw.url}/api/user/aff_transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ quota: 500_000 }),
      });
      expect(res.status).toBe(401);
    });
  });

  describe('/api/user/setting', () => {
    it('starts from the defaults', async () => {
      const user = await registerAndLogin(gw.url, 'set0');
      const res = await user.get<UserSettingView>('/api/user/setting');
      expect(res.body.data).toEqual({
        notify_type: 'email',
        quota_warning_threshold: null,
        webhook_url: '',
        webhook_secret_set: false,
        notification_email: '',
        accept_unset_model_ratio_model: false,
      });
    });

    it('refuses invalid settings with the reference messages', async () => {
      const user = await registerAndLogin(gw.url, 'set1');
      const base = { notify_type: 'email', quota_warning_threshold: 500000 };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...base, notify_type: 'sms' }, '无效的预警类型'],
        [{ ...base, quota_warning_threshold: 0 }, '预警阈值必须大于0'],
        [{ ...base, quota_warning_threshold: 'many' }, '预警阈值必须大于0'],
        [{ ...base, notify_type: 'webhook' }, 'Webhook地址不能为空'],
        [{ ...base, notify_type: 'webhook', webhook_url: 'not a url' }, '无效的Webhook地址'],
        [
          { ...base, notify_type: 'webhook', webhook_url: 'http://hooks.example.com/x' },
          'Webhook地址必须以 https:// 开头',
        ],
        [{ ...base, notification_email: 'nobody' }, '无效的邮箱地址'],
        [{ ...base, accept_unset_model_ratio_model: 'yes' }, '无效的参数'],
      ];
      for (const [body, message] of cases) {
        const res = await user.put('/api/user/setting', body);
        expect(res.status, message).toBe(400);
        expect(res.body.message).toBe(message);
      }
      expect((await user.get<UserSettingView>('/api/user/setting')).body.data?.notify_type).toBe('email');
    });

    it('saves a webhook whose secret is write-only and kept when not sent again', async () => {
      const user = await registerAndLogin(gw.url, 'set2');
      const id = user.userId!;
      const saved = await user.put('/api/user/setting', {
        notify_type: 'webhook',
        quota_warning_threshold: 1_000_000,
        webhook_url: 'https://hooks.example.com/quota',
        webhook_secret: 'hook-secret-1',
        accept_unset_model_ratio_model: false,
      });
      expect(saved.body).toEqual({ success: true, message: '设置已更新' });
      const view = (await user.get<UserSettingView>('/api/user/setting')).body.data;
      expect(view).toEqual({
        notify_type: 'webhook',
        quota_warning_threshold: 1_000_000,
        webhook_url: 'https://hooks.example.com/quota',
        webhook_secret_set: true,
        notification_email: '',
        accept_unset_model_ratio_model: false,
      });
      const self = await user.get<UserView>('/api/user/self');
      expect(self.body.data?.setting).not.toContain('hook-secret-1');
      const admin = await root.get<UserView>(`/api/user/${id}`);
      expect(JSON.stringify(admin.body)).not.toContain('hook-secret-1');

      await user.put('/api/user/setting', {
        notify_type: 'webhook',
        quota_warning_threshold: 2_000_000,
        webhook_url: 'https://hooks.example.com/other',
        webhook_secret: '',
      });
      const row = await gw.ctx.db
        .selectFrom('users')
        .select('setting')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(JSON.parse(row!.setting!)).toEqual({
        notify_type: 'webhook',
        quota_warning_threshold: 2_000_000,
        accept_unset_model_ratio_model: false,
        webhook_url: 'https://hooks.example.com/other',
        webhook_secret: 'hook-secret-1',
      });

      await user.put('/api/user/setting', {
        notify_type: 'email',
        quota_warning_threshold: 100_000,
        notification_email: 'alerts@example.com',
      });
      expect((await user.get<UserSettingView>('/api/user/setting')).body.data).toMatchObject({
        notify_type: 'email',
        notification_email: 'alerts@example.com',
        webhook_url: '',
        webhook_secret_set: false,
      });
    });

    it('lets a user who accepts unpriced models call one at the unset-model ratio', async () => {
      const user = await registerAndLogin(gw.url, 'set3');
      const id = user.userId!;
      await gw.ctx.db.updateTable('users').set({ quota: 1_000_000 }).where('id', '=', id).execute();
      upstream.scenario('unpriced-key', { content: 'ok', usage: { prompt: 10, completion: 4 } });
      await addChannel(gw, { key: 'unpriced-key', baseUrl: upstream.url, models: ['unpriced-model'] });
      const token = await addToken(gw, id, { unlimited: true });
      const chat = () =>
        new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 }).chat.completions.create({
          model: 'unpriced-model',
          messages: [{ role: 'user', content: 'hi' }],
        });
      await expect(chat()).rejects.toThrow(/倍率或价格未配置/);
      await user.put('/api/user/setting', {
        notify_type: 'email',
        quota_warning_threshold: 100,
        accept_unset_model_ratio_model: true,
      });
      const res = await chat();
      expect(res.choices[0]?.message.content).toBe('ok');
      // Ratio 37.5, completion ratio 1: (10 + 4) × 37.5 = 525.
      expect((await balances(gw, id, token.id)).user.quota).toBe(1_000_000 - 525);
    });
  });
});
