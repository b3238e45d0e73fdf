import type { MidjourneyView, Page } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import {
  addToken,
  balances,
  channelUsedQuota,
  flushAll,
  FAIL_REASON,
  putOptions,
  registerAndLogin,
  startGateway,
} from '@gateway/test-support';
import { pollMidjourneyTasks } from '../src/relay/midjourney/poll.js';
import { SERVER, START, useMidjourney } from './support/midjourney.js';

/**
 * The Midjourney-proxy relay against a fake proxy, after submission: tasks tracked by polling and
 * by pushes, failures refunded once (even across instances), task reads scoped to their owner.
 * Submissions and their charges: midjourney.test.ts.
 */
describe('midjourney relay', () => {
  const h = useMidjourney();

  it('tracks a task to success by polling, serves its image through the gateway, and bills an upscale on the same channel', async () => {
    const mjId = (
      await h.imagine('a castle --fast', { accountFilter: { x: 1 }, notifyHook: 'http://127.0.0.1:9/hook' })
    ).body.result as string;
    // Off by default: the client's account filter and notify hook are not forwarded.
    expect(h.mj.submissions[0]!.body).toEqual({ prompt: 'a castle --fast' });
    const early = await h.call(`/mj/submit/change`, { taskId: mjId, action: 'UPSCALE', index: 1 });
    expect(early.body).toMatchObject({ code: 4, description: 'task_status_not_success' });

    await pollMidjourneyTasks(h.gw.ctx);
    expect(await h.row(mjId)).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    await pollMidjourneyTasks(h.gw.ctx);
    const done = await h.row(mjId);
    expect(done).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      image_url: `${h.mj.url}/attachments/${mjId}.png`,
    });

    const fetched = await h.call(`/mj/task/${mjId}/fetch`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({
      id: mjId,
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `${SERVER}/mj/image/${mjId}`,
    });
    expect(fetched.body.buttons).toHaveLength(8);
    await putOptions(h.root, { MjForwardUrlEnabled: 'false' });
    try {
      const direct = await h.call(`/mj/task/${mjId}/fetch`);
      expect(direct.body.imageUrl).toBe(`${h.mj.url}/attachments/${mjId}.png`);
    } finally {
      await putOptions(h.root, { MjForwardUrlEnabled: 'true' });
    }
    const image = await fetch(`${h.gw.url}/mj/image/${mjId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const seed = await h.call(`/mj/task/${mjId}/image-seed`);
    expect(seed.body).toMatchObject({ code: 1, result: `seed-${mjId}` });

    const up = await h.call('/mj/submit/simple-change', { content: `${mjId} U2` });
    expect(up.body.code).toBe(1);
    expect(h.mj.submissions.at(-1)!.path).toBe('/mj/submit/simple-change');
    expect(await h.row(up.body.result)).toMatchObject({
      action: 'UPSCALE',
      prompt: 'a castle --fast',
      quota: 25_000,
    });
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START - 50_000 - 25_000);
  });

  it('refunds a failed task exactly once, even when two polls see the failure at the same time', async () => {
    const mjId = (await h.imagine('doomed [fail]')).body.result as string;
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START - 50_000);
    h.mj.advanceAll();
    await Promise.all([pollMidjourneyTasks(h.gw.ctx), pollMidjourneyTasks(h.gw.ctx)]);
    await pollMidjourneyTasks(h.gw.ctx);
    expect(await h.row(mjId)).toMatchObject({
      status: 'FAILURE',
      progress: '100%',
      fail_reason: FAIL_REASON,
    });
    // Everything the charge moved moves back: user, the paying key, and the channel's usage.
    const b = await balances(h.gw, h.userId, h.token.id);
    expect(b.user).toMatchObject({ quota: START, used_quota: 0 });
    expect(b.token).toEqual({ remain_quota: START, used_quota: 0 });
    expect(await channelUsedQuota(h.gw, h.channelId)).toBe(0);
    const refunds = await h.systemLogs();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.content).toBe(`构图失败 ${mjId}，补偿 ＄0.100000 额度`);
  });

  it('refunds once when two instances over one database poll the same failure', async () => {
    const second = await startGateway({
      database: h.gw.database,
      redisPrefix: h.gw.ctx.config.redisPrefix,
      env: { UPDATE_TASK: 'false' },
    });
    try {
      const mjId = (await h.imagine('doomed twice [fail]')).body.result as string;
      h.mj.advanceAll();
      h.mj.advanceAll();
      await second.ctx.relay.routing.reload();
      await Promise.all([pollMidjourneyTasks(h.gw.ctx), pollMidjourneyTasks(second.ctx)]);
      expect(await h.row(mjId)).toMatchObject({ status: 'FAILURE', progress: '100%' });
      await flushAll(second);
      expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START);
      expect(await h.systemLogs()).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('fails and refunds a task still unfinished after an hour', async () => {
    const mjId = (await h.imagine('slow')).body.result as string;
    await pollMidjourneyTasks(h.gw.ctx, Date.now() + 3_600_001);
    expect(await h.row(mjId)).toMatchObject({
      status: 'FAILURE',
      progress: '100%',
      fail_reason: '上游任务超时（超过1小时）',
    });
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START);
    expect(await h.systemLogs()).toHaveLength(1);
  });

  it('lets a user read only their own tasks', async () => {
    const mjId = (await h.imagine('mine')).body.result as string;
    const other = await registerAndLogin(h.gw.url, `other${h.n++}`);
    const otherToken = await addToken(h.gw, other.userId!, { remainQuota: START });
    const asOther = { authorization: `Bearer ${otherToken.apiKey}` };
    expect((await h.call(`/mj/task/${mjId}/fetch`, undefined, asOther)).status).toBe(404);
    expect((await h.call('/mj/task/list-by-condition', { ids: [mjId] }, asOther)).body).toEqual([]);
    const own = await h.call('/mj/task/list-by-condition', { ids: [mjId, 'nope'] });
    expect(own.body.map((t: { id: string }) => t.id)).toEqual([mjId]);
    const self = await other.get<Page<MidjourneyView>>('/api/mj/self');
    expect(self.body.data!.items).toEqual([]);
  });

  it('lists tasks for admins with filters and for users without the channel', async () => {
    const a = (await h.imagine('first')).body.result as string;
    await h.imagine('second');
    const mine = await h.user.get<Page<MidjourneyView>>('/api/mj/self?p=1&page_size=10');
    expect(mine.body.data!.total).toBe(2);
    expect(mine.body.data!.items.map((t) => t.prompt)).toEqual(['second', 'first']);
    expect(mine.body.data!.items[0]!.channel_id).toBe(0);
    expect((await h.user.get('/api/mj/')).status).toBe(403);

    const byId = await h.root.get<Page<MidjourneyView>>(`/api/mj/?mj_id=${a}&channel_id=${h.channelId}`);
    expect(byId.body.data!.items).toHaveLength(1);
    expect(byId.body.data!.items[0]).toMatchObject({ mj_id: a, channel_id: h.channelId, user_id: h.userId });
    const otherChannel = await h.root.get<Page<MidjourneyView>>(`/api/mj/?channel_id=${h.channelId + 1000}`);
    expect(otherChannel.body.data!.total).toBe(0);
    const future = Date.now() + 60_000;
    const late = await h.root.get<Page<MidjourneyView>>(`/api/mj/?start_timestamp=${future}`);
    expect(late.body.data!.total).toBe(0);
    const bad = await h.root.get('/api/mj/?p=abc&channel_id=x');
    expect(bad.status).toBe(200);
  });

  it('takes progress pushed to /mj/notify and refunds a pushed failure once', async () => {
    const mjId = (await h.imagine('pushed')).body.result as string;
    const push = (body: Record<string, unknown>) => h.call('/mj/notify', { id: mjId, ...body });
    expect((await push({ status: 'IN_PROGRESS', progress: '30%' })).status).toBe(200);
    expect(await h.row(mjId)).toMatchObject({ status: 'IN_PROGRESS', progress: '30%' });
    await push({ status: 'FAILURE', progress: '30%', failReason: 'cancelled by moderator' });
    await push({ status: 'FAILURE', progress: '30%', failReason: 'cancelled by moderator' });
    await pollMidjourneyTasks(h.gw.ctx);
    expect(await h.row(mjId)).toMatchObject({ status: 'FAILURE', progress: '100%' });
    expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START);
    expect(await h.systemLogs()).toHaveLength(1);
    expect((await h.call('/mj/notify', { id: 'someone-else' })).status).toBe(404);
  });
});
