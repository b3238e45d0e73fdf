import { describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  consumeLogs,
  putOptions,
  removeAllChannels,
  setUserQuota,
} from '@gateway/test-support';
import { pollMidjourneyTasks } from '../src/relay/midjourney/poll.js';
import { START, useMidjourney } from './support/midjourney.js';

/**
 * The Midjourney-proxy relay against a fake proxy, submissions: exact charges per action
 * (QuotaPerUnit 500000, mj_imagine $0.1 → 50000, mj_upscale $0.05 → 25000, group vip ×1.5),
 * refusals free, input validated, the Mj* options applied. Task tracking and refunds:
 * midjourney-tasks.test.ts.
 */
describe('midjourney relay', () => {
  const h = useMidjourney();

  it('charges an accepted imagine its price exactly once, from user and token, with a consume log', async () => {
    const res = await h.imagine('a red fox');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1, description: '提交成功' });
    const mjId = res.body.result as string;
    expect(h.mj.submissions[0]!.secret).toBe(h.mj.secret);

    const b = await balances(h.gw, h.userId, h.token.id);
    expect(b.user.quota).toBe(START - 50_000);
    expect(b.user.used_quota).toBe(50_000);
    expect(b.token.remain_quota).toBe(START - 50_000);
    const logs = await consumeLogs(h.gw, h.userId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ model_name: 'mj_imagine', quota: 50_000, channel_id: h.channelId });
    expect(logs[0]!.content).toBe(`模型固定价格 0.10，分组倍率 1.00，操作 IMAGINE，ID ${mjId}`);
    expect(JSON.parse(logs[0]!.other)).toEqual({ model_price: 0.1, group_ratio: 1 });
    expect(await h.row(mjId)).toMatchObject({
      user_id: h.userId,
      action: 'IMAGINE',
      prompt: 'a red fox',
      quota: 50_000,
      channel_id: h.channelId,
      progress: '0%',
      code: 1,
    });
  });

  it('accepts the key in mj-api-secret, applies the group ratio, and turns codes 21/22 into 1', async () => {
    const vip = await addToken(h.gw, h.userId, { remainQuota: START, group: 'vip' });
    const res = await h.call(
      '/mj-fast/mj/submit/imagine',
      { prompt: 'queued [queue]' },
      { authorization: '', 'mj-api-secret': vip.apiKey },
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(h.mj.submissions[0]!.path).toBe('/mj/submit/imagine');
    const b = await balances(h.gw, h.userId, vip.id);
    expect(b.user.quota).toBe(START - 75_000);
    expect(b.token.remain_quota).toBe(START - 75_000);

    const exists = await h.imagine('again [exists]');
    expect(exists.body.code).toBe(1);
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START - 75_000 - 50_000);
  });

  it('charges nothing for a refused submission and answers the proxy refusal as it came', async () => {
    const res = await h.imagine('bad [refuse]');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 24, description: '可能包含敏感词' });
    const b = await balances(h.gw, h.userId, h.token.id);
    expect(b.user.quota).toBe(START);
    expect(b.token.remain_quota).toBe(START);
    expect(await consumeLogs(h.gw, h.userId)).toHaveLength(0);
    const rows = await h.gw.ctx.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('user_id', '=', h.userId)
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
    await setUserQuota(h.gw, h.userId, 49_999);
    const res = await h.imagine('too expensive');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ description: 'quota_not_enough', type: 'upstream_error', code: 4 });
    expect(h.mj.submissions).toHaveLength(0);

    const noPrompt = await h.call('/mj/submit/imagine', {});
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.body.code).toBe(4);
    const badJson = await fetch(`${h.gw.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token.apiKey}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(badJson.status).toBe(400);
    const preflight = await fetch(`${h.gw.url}/mj-relax/mj/submit/imagine`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    // Only mj-<speed> modes: other first segments are not the relay's.
    expect((await fetch(`${h.gw.url}/v9/mj/submit/imagine`, { method: 'POST', body: '{}' })).status).toBe(
      404,
    );
    const noKey = await fetch(`${h.gw.url}/mj/submit/imagine`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(49_999);
  });

  it('applies the Mj* options to what is forwarded, and never routes to a non-Midjourney channel', async () => {
    await putOptions(h.root, {
      MjModeClearEnabled: 'true',
      MjAccountFilterEnabled: 'true',
      MjNotifyEnabled: 'true',
    });
    try {
      await h.imagine('a boat --relax', {
        accountFilter: { channelId: 'c1' },
        notifyHook: 'http://127.0.0.1:9/hook',
      });
      expect(h.mj.submissions[0]!.body).toEqual({
        prompt: 'a boat',
        accountFilter: { channelId: 'c1' },
        notifyHook: 'http://127.0.0.1:9/hook',
      });
    } finally {
      await putOptions(h.root, {
        MjModeClearEnabled: 'false',
        MjAccountFilterEnabled: 'false',
        MjNotifyEnabled: 'false',
      });
    }
    await removeAllChannels(h.gw);
    await addChannel(h.gw, { type: 1, key: 'sk-openai', baseUrl: h.mj.url, models: ['mj_imagine'] });
    const res = await h.imagine('nowhere');
    expect(res.status).toBe(503);
    expect(h.mj.submissions).toHaveLength(1);
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START - 50_000);
  });

  it('disables a channel whose proxy has no account (code 3) and charges nothing', async () => {
    await putOptions(h.root, { AutomaticDisableChannelEnabled: 'true' });
    const res = await h.imagine('x [noaccount]');
    expect(res.body.code).toBe(3);
    await expect
      .poll(
        async () =>
          (
            await h.gw.ctx.db
              .selectFrom('channels')
              .select('status')
              .where('id', '=', h.channelId)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe(3);
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START);
  });
  it('bills Plus button actions, describe and face swap at their own prices on the right routes', async () => {
    const mjId = (await h.imagine('a tree')).body.result as string;
    await pollMidjourneyTasks(h.gw.ctx);
    await pollMidjourneyTasks(h.gw.ctx);
    const action = await h.call('/mj/submit/action', {
      taskId: mjId,
      customId: `MJ::JOB::variation::3::${mjId}`,
    });
    expect(action.body.code).toBe(1);
    expect(await h.row(action.body.result)).toMatchObject({
      action: 'VARIATION',
      quota: 50_000,
      prompt: 'a tree',
    });
    const describe = await h.call('/mj/submit/describe', { base64: 'data:image/png;base64,AAAA' });
    expect(await h.row(describe.body.result)).toMatchObject({ action: 'DESCRIBE', quota: 25_000 });
    const swap = await h.call('/mj/insight-face/swap', { sourceBase64: 'a', targetBase64: 'b' });
    expect(swap.body.code).toBe(1);
    expect(h.mj.submissions.at(-1)!.path).toBe('/mj/insight-face/swap');
    expect(await h.row(swap.body.result)).toMatchObject({ action: 'SWAP_FACE', quota: 25_000 });
    const missing = await h.call('/mj/insight-face/swap', { sourceBase64: 'a' });
    expect(missing.status).toBe(400);
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(
      START - 50_000 - 50_000 - 25_000 - 25_000,
    );
    const logs = await consumeLogs(h.gw, h.userId);
    expect(logs.map((l) => l.model_name)).toEqual(['mj_imagine', 'mj_variation', 'mj_describe', 'swap_face']);
  });
});
