import type { LogView, Page } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * The operation, rate-limit and models settings tabs save through PUT /api/option/ and clean logs
 * through DELETE /api/log/: what an admin (role 10) may change, the bounds and JSON rules the
 * console also checks, and that a refused value leaves the stored one alone.
 */
describe('operation settings', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let admin: ApiClient;
  let member: ApiClient;

  const options = async (client: ApiClient) =>
    new Map(
      (await client.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!.map((o) => [
        o.key,
        o.value,
      ]),
    );

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    admin = await registerAndLogin(gw.url, 'opadmin');
    await gw.ctx.users.repo.update(admin.userId!, { role: 10 });
    gw.ctx.users.cache.invalidate(admin.userId!);
    member = await registerAndLogin(gw.url, 'opmember');
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('lets an admin change the operation, rate-limit and model options', async () => {
    const changes: Record<string, string> = {
      QuotaPerUnit: '1000000',
      RetryTimes: '2',
      DemoSiteEnabled: 'true',
      MjModeClearEnabled: 'true',
      SensitiveWords: 'foo\nbar',
      LogConsumeEnabled: 'false',
      DataExportInterval: '10',
      DataExportDefaultTime: 'week',
      ChannelDisableThreshold: '7.5',
      AutomaticDisableKeywords: 'quota exceeded\nbanned',
      QuotaForInvitee: '1000',
      GroupRatio: '{"default":1,"vip":0.5}',
      UserUsableGroups: '{"default":"默认分组","vip":"VIP"}',
      Chats: '[{"Web":"https://chat.example/?key={key}&url={address}"}]',
      ModelRequestRateLimitEnabled: 'true',
      ModelRequestRateLimitDurationMinutes: '0',
      ModelRequestRateLimitCount: '0',
      ModelRequestRateLimitSuccessCount: '1',
      'global.pass_through_request_enabled': 'true',
      'general_setting.ping_interval_enabled': 'true',
      'general_setting.ping_interval_seconds': '1',
      'gemini.safety_settings': '{"default":"BLOCK_NONE"}',
      'gemini.version_settings': '{"default":"v1"}',
      'gemini.supported_imagine_models': '["gemini-2.0-flash-exp"]',
      'gemini.thinking_adapter_enabled': 'true',
      'gemini.thinking_adapter_budget_tokens_percentage': '0.1',
      'claude.model_headers_settings': '{"claude-3":{"anthropic-beta":["x"]}}',
      'claude.default_max_tokens': '{"default":4096}',
      'claude.thinking_adapter_enabled': 'false',
      'claude.thinking_adapter_budget_tokens_percentage': '1',
    };
    for (const [key, value] of Object.entries(changes)) {
      const res = await admin.put('/api/option/', { key, value });
      expect([key, res.status, res.body.success]).toEqual([key, 200, true]);
    }
    const stored = await options(admin);
    for (const [key, value] of Object.entries(changes)) expect([key, stored.get(key)]).toEqual([key, value]);
  });

  it('refuses values outside the bounds and invalid JSON, keeping the stored value', async () => {
    const refused: Array<[string, string, string]> = [
      ['gemini.thinking_adapter_budget_tokens_percentage', '1.5', 'must be at most 1'],
      ['gemini.thinking_adapter_budget_tokens_percentage', '0.05', 'must be at least 0.1'],
      ['claude.thinking_adapter_budget_tokens_percentage', '0', 'must be at least 0.1'],
      ['general_setting.ping_interval_seconds', '0', 'must be at least 1'],
      ['general_setting.ping_interval_seconds', 'often', 'must be an integer'],
      ['ModelRequestRateLimitDurationMinutes', '-1', 'must be at least 0'],
      ['ModelRequestRateLimitCount', '-1', 'must be at least 0'],
      ['ModelRequestRateLimitSuccessCount', '0', 'must be at least 1'],
      ['DataExportInterval', '0', 'must be at least 1'],
      ['DataExportDefaultTime', 'month', 'must be hour, day or week'],
      ['QuotaPerUnit', '0', 'must be at least 1'],
      ['QuotaForNewUser', '-5', 'must be at least 0'],
      ['ChannelDisableThreshold', 'slow', 'must be a number'],
      ['gemini.safety_settings', '{"default":', '不是合法的 JSON 字符串'],
      ['gemini.version_settings', '["v1"]', 'gemini.version_settings'],
      ['gemini.supported_imagine_models', '{"a":1}', 'gemini.supported_imagine_models'],
      ['claude.model_headers_settings', '{"m": "not headers"}', 'claude.model_headers_settings'],
      ['claude.default_max_tokens', '{"default":-1}', 'claude.default_max_tokens'],
      ['Chats', '{"Web":"https://chat.example"}', 'Chats'],
      ['UserUsableGroups', '{"vip": 1}', 'UserUsableGroups'],
      ['GroupRatio', '{"vip": -0.5}', 'group ratio must be not less than 0: vip'],
    ];
    const before = await options(admin);
    for (const [key, value, message] of refused) {
      const res = await admin.put('/api/option/', { key, value });
      expect([key, value, res.status, res.body.success]).toEqual([key, value, 400, false]);
      expect(res.body.message, `${key}=${value}`).toContain(message);
    }
    const after = await options(admin);
    for (const [key] of refused) expect([key, after.get(key)]).toEqual([key, before.get(key)]);
  });

  it('keeps the top-up and documentation links to the super admin', async () => {
    const listed = await options(admin);
    expect(listed.has('TopUpLink')).toBe(false);
    expect(listed.has('general_setting.docs_link')).toBe(false);
    for (const key of ['TopUpLink', 'general_setting.docs_link']) {
      const res = await admin.put('/api/option/', { key, value: 'https://elsewhere.example' });
      expect([key, res.status]).toEqual([key, 403]);
      const ok = await root.put('/api/option/', { key, value: `https://${key}.example` });
      expect([key, ok.body.success]).toEqual([key, true]);
    }
    const forRoot = await options(root);
    expect(forRoot.get('TopUpLink')).toBe('https://TopUpLink.example');
    expect(forRoot.get('general_setting.docs_link')).toBe('https://general_setting.docs_link.example');
  });

  it('refuses option changes to normal users', async () => {
    const res = await member.put('/api/option/', { key: 'RetryTimes', value: '5' });
    expect(res.status).toBe(403);
    expect((await options(root)).get('RetryTimes')).toBe('2');
  });
});

describe('log cleanup', () => {
  let gw: RunningGateway;
  let admin: ApiClient;
  let member: ApiClient;
  const now = Math.floor(Date.now() / 1000);
  const total = async () => (await admin.get<Page<LogView>>('/api/log/')).body.data!.total;

  beforeAll(async () => {
    gw = await startGateway();
    await setupAndLoginRoot(gw.url);
    admin = await registerAndLogin(gw.url, 'logadmin');
    await gw.ctx.users.repo.update(admin.userId!, { role: 10 });
    gw.ctx.users.cache.invalidate(admin.userId!);
    member = await registerAndLogin(gw.url, 'logmember');
    for (const age of [5 * 86400, 3 * 86400, 2 * 86400, 86400, 3600, 0]) {
      gw.ctx.logs.add({ user_id: admin.userId!, username: 'logadmin', type: 4, created_at: now - age });
    }
    await gw.ctx.logs.flush();
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('needs a time, and refuses normal users and guests', async () => {
    for (const query of ['', '?target_timestamp=', '?target_timestamp=-3', '?target_timestamp=1.5']) {
      const res = await admin.delete(`/api/log/${query}`);
      expect([query, res.status, res.body.message]).toEqual([
        query,
        400,
        '请选择要清除的日志截止时间（target_timestamp）',
      ]);
    }
    expect((await member.delete(`/api/log/?target_timestamp=${now}`)).status).toBe(403);
    expect((await new ApiClient(gw.url).delete(`/api/log/?target_timestamp=${now}`)).status).toBe(401);
    expect(await total()).toBe(6);
  });

  it('lets an admin remove exactly the logs older than the time and answers their count', async () => {
    // A log created at the target second itself is kept: only older ones go.
    const res = await admin.delete<number>(`/api/log/?target_timestamp=${now - 2 * 86400}`);
    expect(res.body).toMatchObject({ success: true, data: 2 });
    expect(await total()).toBe(4);
    const kept = (await admin.get<Page<LogView>>('/api/log/')).body.data!.items.map((l) => l.created_at);
    expect(kept.sort((a, b) => a - b)).toEqual([now - 2 * 86400, now - 86400, now - 3600, now]);
    expect((await admin.delete<number>(`/api/log/?target_timestamp=${now - 3600}`)).body.data).toBe(2);
    expect(await total()).toBe(2);
  });
});
