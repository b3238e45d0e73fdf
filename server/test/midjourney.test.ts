import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  channelUsedQuota,
  consumeLogs,
  flushAll,
  FAIL_REASON,
  putOptions,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeMidjourney,
  startGateway,
  type ApiClient,
  type FakeMidjourney,
  type RunningGateway,
} from '@gateway/test-support';
import type { MidjourneyView, Page } from '@gateway/contract';
import { pollMidjourneyTasks } from '../src/relay/midjourney/poll.js';

/**
 * The Midjourney-proxy relay against a fake proxy: exact charges per action (QuotaPerUnit 500000,
 * mj_imagine $0.1 → 50000, mj_upscale $0.05 → 25000, group vip ×1.5), refusals free, failures
 * refunded once, task reads scoped to their owner.
 */
describe('midjourney relay', () => {
  let gw: RunningGateway;
  let mj: FakeMidjourney;
  let root: ApiClient;
  let user: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  let channelId: number;
  const START = 1_000_000;
  const SERVER = 'https://gw.example.com';

  beforeAll(async () => {
    mj = await startFakeMidjourney();
    // The tests poll themselves, step by step; the background poll would race them.
    gw = await startGateway({ env: { UPDATE_TASK: 'false' } });
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      UserUsableGroups: JSON.stringify({ default: 'default', vip: 'vip' }),
      ServerAddress: SERVER,
    });
  });

  afterAll(async () => {
    await gw?.stop();
    await mj?.close();
  });

  let n = 0;
  beforeEach(async () => {
    user = await registerAndLogin(gw.url, `painter${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: START });
    mj.reset();
    await removeAllChannels(gw);
    channelId = await addChannel(gw, {
      type: 2,
      key: mj.secret,
      baseUrl: mj.url,
      models: ['mj_imagine', 'mj_upscale', 'mj_variation', 'mj_describe', 'swap_face'],
      groups: ['default', 'vip'],
    });
  });

  const call = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(gw.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // Loosely typed on purpose: the tests assert the proxy's JSON shapes field by field.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json: any = text ? JSON.parse(text) : null;
    return { status: res.status, body: json };
  };
  const imagine = (prompt: string, extra: Record<string, unknown> = {}) =>
    call('/mj/submit/imagine', { prompt, ...extra });
  const row = (mjId: string) =>
    gw.ctx.db.selectFrom('midjourneys').selectAll().where('mj_id', '=', mjId).executeTakeFirstOrThrow();
  const systemLogs = async () => {
    await flushAll(gw);
    return gw.ctx.logDb
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', 4)
      .execute();
  };

  it('charges an accepted imagine its price exactly once, from user and token, with a consume log', async () => {
    const res = await imagine('a red fox');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1, description: '提交成功' });
    const mjId = res.body.result as string;
    expect(mj.submissions[0]!.secret).toBe(mj.secret);

    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START - 50_000);
    expect(b.user.used_quota).toBe(50_000);
    expect(b.token.remain_quota).toBe(START - 50_000);
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ model_name: 'mj_imagine', quota: 50_000, channel_id: channelId });
    expect(logs[0]!.content).toBe(`模型固定价格 0.10，分组倍率 1.00，操作 IMAGINE，ID ${mjId}`);
    expect(JSON.parse(logs[0]!.other)).toEqual({ model_price: 0.1, group_ratio: 1 });
    expect(await row(mjId)).toMatchObject({
      user_id: userId,
      action: 'IMAGINE',
      prompt: 'a red fox',
      quota: 50_000,
      channel_id: channelId,
      progress: '0%',
      code: 1,
    });
  });

  it('accepts the key in mj-api-secret, applies the group ratio, and turns codes 21/22 into 1', async () => {
    const vip = await addToken(gw, userId, { remainQuota: START, group: 'vip' });
    const res = await call(
      '/mj-fast/mj/submit/imagine',
      { prompt: 'queued [queue]' },
      { authorization: '', 'mj-api-secret': vip.apiKey },
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(mj.submissions[0]!.path).toBe('/mj/submit/imagine');
    const b = await balances(gw, userId, vip.id);
    expect(b.user.quota).toBe(START - 75_000);
    expect(b.token.remain_quota).toBe(START - 75_000);

    const exists = await imagine('again [exists]');
    expect(exists.body.code).toBe(1);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START - 75_000 - 50_000);
  });

  it('charges nothing for a refused submission and answers the proxy refusal as it came', async () => {
    const res = await imagine('bad [refuse]');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 24, description: '可能包含敏感词' });
    const b = await balances(gw, userId, token.id);
    expect(b.user.quota).toBe(START);
    expect(b.token.remain_quota).toBe(START);
    expect(await consumeLogs(gw, userId)).toHaveLength(0);
    const rows = await gw.ctx.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      quota: 0,
      status: 'FAILURE',
      progress: '100%',
      fail_reason: '可能包含敏感词',
    });
  });

  it('refuses without calling the proxy when the balance cannot pay, and validates input', async () => {
    await setUserQuota(gw, userId, 49_999);
    const res = await imagine('too expensive');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ description: 'quota_not_enough', type: 'upstream_error', code: 4 });
    expect(mj.submissions).toHaveLength(0);

    const noPrompt = await call('/mj/submit/imagine', {});
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.body.code).toBe(4);
    const badJson = await fetch(`${gw.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(badJson.status).toBe(400);
    const preflight = await fetch(`${gw.url}/mj-relax/mj/submit/imagine`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    // Only mj-<speed> modes: other first segments are not the relay's.
    expect((await fetch(`${gw.url}/v9/mj/submit/imagine`, { method: 'POST', body: '{}' })).status).toBe(404);
    const noKey = await fetch(`${gw.url}/mj/submit/imagine`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(49_999);
  });

  it('tracks a task to success by polling, serves its image through the gateway, and bills an upscale on the same channel', async () => {
    const mjId = (
      await imagine('a castle --fast', { accountFilter: { x: 1 }, notifyHook: 'http://127.0.0.1:9/hook' })
    ).body.result as string;
    // Off by default: the client's account filter and notify hook are not forwarded.
    expect(mj.submissions[0]!.body).toEqual({ prompt: 'a castle --fast' });
    const early = await call(`/mj/submit/change`, { taskId: mjId, action: 'UPSCALE', index: 1 });
    expect(early.body).toMatchObject({ code: 4, description: 'task_status_not_success' });

    await pollMidjourneyTasks(gw.ctx);
    expect(await row(mjId)).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    await pollMidjourneyTasks(gw.ctx);
    const done = await row(mjId);
    expect(done).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      image_url: `${mj.url}/attachments/${mjId}.png`,
    });

    const fetched = await call(`/mj/task/${mjId}/fetch`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({
      id: mjId,
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `${SERVER}/mj/image/${mjId}`,
    });
    expect(fetched.body.buttons).toHaveLength(8);
    await putOptions(root, { MjForwardUrlEnabled: 'false' });
    try {
      const direct = await call(`/mj/task/${mjId}/fetch`);
      expect(direct.body.imageUrl).toBe(`${mj.url}/attachments/${mjId}.png`);
    } finally {
      await putOptions(root, { MjForwardUrlEnabled: 'true' });
    }
    const image = await fetch(`${gw.url}/mj/image/${mjId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const seed = await call(`/mj/task/${mjId}/image-seed`);
    expect(seed.body).toMatchObject({ code: 1, result: `seed-${mjId}` });

    const up = await call('/mj/submit/simple-change', { content: `${mjId} U2` });
    expect(up.body.code).toBe(1);
    expect(mj.submissions.at(-1)!.path).toBe('/mj/submit/simple-change');
    expect(await row(up.body.result)).toMatchObject({
      action: 'UPSCALE',
      prompt: 'a castle --fast',
      quota: 25_000,
    });
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START - 50_000 - 25_000);
  });

  it('refunds a failed task exactly once, even when two polls see the failure at the same time', async () => {
    const mjId = (await imagine('doomed [fail]')).body.result as string;
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START - 50_000);
    mj.advanceAll();
    await Promise.all([pollMidjourneyTasks(gw.ctx), pollMidjourneyTasks(gw.ctx)]);
    await pollMidjourneyTasks(gw.ctx);
    expect(await row(mjId)).toMatchObject({ status: 'FAILURE', progress: '100%', fail_reason: FAIL_REASON });
    // Everything the charge moved moves back: user, the paying key, and the channel's usage.
    const b = await balances(gw, userId, token.id);
    expect(b.user).toMatchObject({ quota: START, used_quota: 0 });
    expect(b.token).toEqual({ remain_quota: START, used_quota: 0 });
    expect(await channelUsedQuota(gw, channelId)).toBe(0);
    const refunds = await systemLogs();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.content).toBe(`构图失败 ${mjId}，补偿 ＄0.100000 额度`);
  });

  it('refunds once when two instances over one database poll the same failure', async () => {
    const second = await startGateway({
      database: gw.database,
      redisPrefix: gw.ctx.config.redisPrefix,
      env: { UPDATE_TASK: 'false' },
    });
    try {
      const mjId = (await imagine('doomed twice [fail]')).body.result as string;
      mj.advanceAll();
      mj.advanceAll();
      await second.ctx.relay.routing.reload();
      await Promise.all([pollMidjourneyTasks(gw.ctx), pollMidjourneyTasks(second.ctx)]);
      expect(await row(mjId)).toMatchObject({ status: 'FAILURE', progress: '100%' });
      await flushAll(second);
      expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
      expect(await systemLogs()).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('fails and refunds a task still unfinished after an hour', async () => {
    const mjId = (await imagine('slow')).body.result as string;
    await pollMidjourneyTasks(gw.ctx, Date.now() + 3_600_001);
    expect(await row(mjId)).toMatchObject({
      status: 'FAILURE',
      progress: '100%',
      fail_reason: '上游任务超时（超过1小时）',
    });
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
    expect(await systemLogs()).toHaveLength(1);
  });

  it('lets a user read only their own tasks', async () => {
    const mjId = (await imagine('mine')).body.result as string;
    const other = await registerAndLogin(gw.url, `other${n++}`);
    const otherToken = await addToken(gw, other.userId!, { remainQuota: START });
    const asOther = { authorization: `Bearer ${otherToken.apiKey}` };
    expect((await call(`/mj/task/${mjId}/fetch`, undefined, asOther)).status).toBe(404);
    expect((await call('/mj/task/list-by-condition', { ids: [mjId] }, asOther)).body).toEqual([]);
    const own = await call('/mj/task/list-by-condition', { ids: [mjId, 'nope'] });
    expect(own.body.map((t: { id: string }) => t.id)).toEqual([mjId]);
    const self = await other.get<Page<MidjourneyView>>('/api/mj/self');
    expect(self.body.data!.items).toEqual([]);
  });

  it('lists tasks for admins with filters and for users without the channel', async () => {
    const a = (await imagine('first')).body.result as string;
    await imagine('second');
    const mine = await user.get<Page<MidjourneyView>>('/api/mj/self?p=1&page_size=10');
    expect(mine.body.data!.total).toBe(2);
    expect(mine.body.data!.items.map((t) => t.prompt)).toEqual(['second', 'first']);
    expect(mine.body.data!.items[0]!.channel_id).toBe(0);
    expect((await user.get('/api/mj/')).status).toBe(403);

    const byId = await root.get<Page<MidjourneyView>>(`/api/mj/?mj_id=${a}&channel_id=${channelId}`);
    expect(byId.body.data!.items).toHaveLength(1);
    expect(byId.body.data!.items[0]).toMatchObject({ mj_id: a, channel_id: channelId, user_id: userId });
    const otherChannel = await root.get<Page<MidjourneyView>>(`/api/mj/?channel_id=${channelId + 1000}`);
    expect(otherChannel.body.data!.total).toBe(0);
    const future = Date.now() + 60_000;
    const late = await root.get<Page<MidjourneyView>>(`/api/mj/?start_timestamp=${future}`);
    expect(late.body.data!.total).toBe(0);
    const bad = await root.get('/api/mj/?p=abc&channel_id=x');
    expect(bad.status).toBe(200);
  });

  it('applies the Mj* options to what is forwarded, and never routes to a non-Midjourney channel', async () => {
    await putOptions(root, {
      MjModeClearEnabled: 'true',
      MjAccountFilterEnabled: 'true',
      MjNotifyEnabled: 'true',
    });
    try {
      await imagine('a boat --relax', {
        accountFilter: { channelId: 'c1' },
        notifyHook: 'http://127.0.0.1:9/hook',
      });
      expect(mj.submissions[0]!.body).toEqual({
        prompt: 'a boat',
        accountFilter: { channelId: 'c1' },
        notifyHook: 'http://127.0.0.1:9/hook',
      });
    } finally {
      await putOptions(root, {
        MjModeClearEnabled: 'false',
        MjAccountFilterEnabled: 'false',
        MjNotifyEnabled: 'false',
      });
    }
    await removeAllChannels(gw);
    await addChannel(gw, { type: 1, key: 'sk-openai', baseUrl: mj.url, models: ['mj_imagine'] });
    const res = await imagine('nowhere');
    expect(res.status).toBe(503);
    expect(mj.submissions).toHaveLength(1);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START - 50_000);
  });

  it('disables a channel whose proxy has no account (code 3) and charges nothing', async () => {
    await putOptions(root, { AutomaticDisableChannelEnabled: 'true' });
    const res = await imagine('x [noaccount]');
    expect(res.body.code).toBe(3);
    await expect
      .poll(
        async () =>
          (
            await gw.ctx.db
              .selectFrom('channels')
              .select('status')
              .where('id', '=', channelId)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe(3);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
  });
  it('bills Plus button actions, describe and face swap at their own prices on the right routes', async () => {
    const mjId = (await imagine('a tree')).body.result as string;
    await pollMidjourneyTasks(gw.ctx);
    await pollMidjourneyTasks(gw.ctx);
    const action = await call('/mj/submit/action', {
      taskId: mjId,
      customId: `MJ::JOB::variation::3::${mjId}`,
    });
    expect(action.body.code).toBe(1);
    expect(await row(action.body.result)).toMatchObject({
      action: 'VARIATION',
      quota: 50_000,
      prompt: 'a tree',
    });
    const describe = await call('/mj/submit/describe', { base64: 'data:image/png;base64,AAAA' });
    expect(await row(describe.body.result)).toMatchObject({ action: 'DESCRIBE', quota: 25_000 });
    const swap = await call('/mj/insight-face/swap', { sourceBase64: 'a', targetBase64: 'b' });
    expect(swap.body.code).toBe(1);
    expect(mj.submissions.at(-1)!.path).toBe('/mj/insight-face/swap');
    expect(await row(swap.body.result)).toMatchObject({ action: 'SWAP_FACE', quota: 25_000 });
    const missing = await call('/mj/insight-face/swap', { sourceBase64: 'a' });
    expect(missing.status).toBe(400);
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START - 50_000 - 50_000 - 25_000 - 25_000);
    const logs = await consumeLogs(gw, userId);
    expect(logs.map((l) => l.model_name)).toEqual(['mj_imagine', 'mj_variation', 'mj_describe', 'swap_face']);
  });

  it('takes progress pushed to /mj/notify and refunds a pushed failure once', async () => {
    const mjId = (await imagine('pushed')).body.result as string;
    const push = (body: Record<string, unknown>) => call('/mj/notify', { id: mjId, ...body });
    expect((await push({ status: 'IN_PROGRESS', progress: '30%' })).status).toBe(200);
    expect(await row(mjId)).toMatchObject({ status: 'IN_PROGRESS', progress: '30%' });
    await push({ status: 'FAILURE', progress: '30%', failReason: 'cancelled by moderator' });
    await push({ status: 'FAILURE', progress: '30%', failReason: 'cancelled by moderator' });
    await pollMidjourneyTasks(gw.ctx);
    expect(await row(mjId)).toMatchObject({ status: 'FAILURE', progress: '100%' });
    expect((await balances(gw, userId, token.id)).user.quota).toBe(START);
    expect(await systemLogs()).toHaveLength(1);
    expect((await call('/mj/notify', { id: 'someone-else' })).status).toBe(404);
  });
});
