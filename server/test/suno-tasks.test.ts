import { TaskStatus, type Page, type TaskView } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  balances,
  consumeLogs,
  FAKE_SUNO_FAIL_REASON,
  flushAll,
  setUserQuota,
} from '@gateway/test-support';
import { pollSunoTasks, TIMEOUT_REASON } from '../src/relay/suno/poll.js';
import { MUSIC, START, TOKEN, useSuno } from './support/suno.js';

/**
 * The Suno task relay end to end against a fake Suno API, one task's life: submitted and charged
 * once, fetched by its owner only, polled to success, failures and timeouts refunded once, listed,
 * continued. Prices suno_music $0.1 and suno_lyrics $0.01 per call, group vip ratio 1.5,
 * QuotaPerUnit 500000. Polling runs only when a test calls it; the tests build on each other.
 * Local refusals, pricing fallbacks and background polling: suno-tasks-requests.test.ts.
 */
describe('suno task relay', () => {
  const h = useSuno();

  let musicTask = '';

  it('submits music to the Suno channel and charges its price once, with a consume log', async () => {
    const res = await h.submit(h.key.apiKey, 'music', { prompt: 'a song about tests', tags: 'pop' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'success', message: '' });
    musicTask = res.body.data as string;
    expect(musicTask).toMatch(/^suno-task-/);

    const sent = h.suno.requests.at(-1)!;
    expect(sent.path).toBe('/suno/submit/MUSIC');
    expect(sent.authorization).toBe(`Bearer ${h.suno.key}`);
    expect(sent.body).toMatchObject({ prompt: 'a song about tests', tags: 'pop', mv: 'chirp-v3-0' });

    const b = await balances(h.gw, h.alice.userId!, h.key.id);
    expect(b.user).toEqual({ quota: START - MUSIC, used_quota: MUSIC, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: TOKEN - MUSIC, used_quota: MUSIC });
    const [log] = await consumeLogs(h.gw, h.alice.userId!);
    expect(log).toMatchObject({ model_name: 'suno_music', quota: MUSIC, channel_id: h.sunoChannel });
    expect(log!.content).toContain('模型价格 0.10，分组倍率 1.00');

    const row = await h.taskRow(musicTask);
    expect(row).toMatchObject({
      platform: 'suno',
      action: 'MUSIC',
      status: TaskStatus.NotStart,
      progress: '0%',
      quota: MUSIC,
      channel_id: h.sunoChannel,
      user_id: h.alice.userId,
    });
  });

  it('prices lyrics with the group ratio of the key', async () => {
    const res = await h.submit(h.vipKey.apiKey, 'LYRICS', { prompt: 'rain' });
    expect(res.status).toBe(200);
    await flushAll(h.gw);
    const row = await h.taskRow(res.body.data as string);
    expect(row.quota).toBe(7_500); // 0.01 × 500000 × 1.5
    const b = await balances(h.gw, h.alice.userId!, h.key.id);
    expect(b.user.quota).toBe(START - MUSIC - 7_500);
    await setUserQuota(h.gw, h.alice.userId!, START - MUSIC);
  });

  it('charges nothing when the upstream refuses or fails, and answers in the Suno error shape', async () => {
    const refused = await h.submit(h.key.apiKey, 'music', { prompt: 'REFUSE this' });
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({ code: 'prompt_refused', message: 'the prompt was refused', data: null });
    const broken = await h.submit(h.key.apiKey, 'music', { prompt: 'BROKEN upstream' });
    expect(broken.status).toBe(500);
    expect(broken.body).toMatchObject({ code: 'fail_to_fetch_task', data: null });

    const b = await balances(h.gw, h.alice.userId!, h.key.id);
    expect(b.user.quota).toBe(START - MUSIC);
    expect(b.token.remain_quota).toBe(TOKEN - MUSIC);
    const count = await h.gw.ctx.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it("fetches own tasks from the local copy, never another user's", async () => {
    const one = await h.call(h.key.apiKey, 'GET', `/suno/fetch/${musicTask}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      code: 'success',
      data: { task_id: musicTask, action: 'MUSIC', status: 'NOT_START', progress: '0%', data: null },
    });
    const list = await h.call(h.key.apiKey, 'POST', '/suno/fetch', { ids: [musicTask, 'nope'] });
    expect((list.body.data as Array<{ task_id: string }>).map((t) => t.task_id)).toEqual([musicTask]);

    expect(await h.call(h.bobKey.apiKey, 'GET', `/suno/fetch/${musicTask}`)).toMatchObject({
      status: 400,
      body: { code: 'task_not_exist' },
    });
    const theirs = await h.call(h.bobKey.apiKey, 'POST', '/suno/fetch', { ids: [musicTask] });
    expect(theirs.body.data).toEqual([]);
    expect((await h.call(h.key.apiKey, 'POST', '/suno/fetch', { ids: 'x' })).status).toBe(400);
  });

  it('tracks a task over polls to success without touching the balance', async () => {
    await pollSunoTasks(h.gw.ctx);
    expect(await h.taskRow(musicTask)).toMatchObject({ status: 'SUBMITTED', progress: '0%' });
    await pollSunoTasks(h.gw.ctx);
    expect(await h.taskRow(musicTask)).toMatchObject({ status: 'IN_PROGRESS', progress: '0%' });
    await pollSunoTasks(h.gw.ctx);
    const done = await h.taskRow(musicTask);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    expect(done.finish_time).toBeGreaterThan(0);
    const clips = JSON.parse(done.data!) as Array<{ audio_url: string }>;
    expect(clips).toHaveLength(2);
    expect(clips[0]!.audio_url).toContain(musicTask);
    const b = await balances(h.gw, h.alice.userId!, h.key.id);
    expect(b.user.quota).toBe(START - MUSIC);
    expect(await h.systemLogs(h.alice.userId!)).toEqual([]);
  });

  it('refunds a failed task exactly once, however many pollers see the failure', async () => {
    const res = await h.submit(h.key.apiKey, 'music', { prompt: 'please FAIL' });
    const taskId = res.body.data as string;
    expect((await balances(h.gw, h.alice.userId!, h.key.id)).user.quota).toBe(START - 2 * MUSIC);
    await pollSunoTasks(h.gw.ctx);
    await pollSunoTasks(h.gw.ctx);
    expect(await h.taskRow(taskId)).toMatchObject({ status: 'IN_PROGRESS' });
    // Three pollers read the task as unfinished and all get FAILURE from the upstream.
    await Promise.all([pollSunoTasks(h.gw.ctx), pollSunoTasks(h.gw.ctx), pollSunoTasks(h.gw.ctx)]);
    await pollSunoTasks(h.gw.ctx);
    expect(await h.taskRow(taskId)).toMatchObject({
      status: 'FAILURE',
      progress: '100%',
      fail_reason: FAKE_SUNO_FAIL_REASON,
    });
    const b = await balances(h.gw, h.alice.userId!, h.key.id);
    expect(b.user).toMatchObject({ quota: START - MUSIC, used_quota: MUSIC + 7_500 });
    expect(b.token).toEqual({ remain_quota: TOKEN - MUSIC, used_quota: MUSIC });
    const refunds = await h.systemLogs(h.alice.userId!);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ quota: MUSIC, username: 'alice' });
    expect(refunds[0]!.content).toContain(taskId);
    // The admission view follows: the refunded quota can be spent at once.
    expect(await h.gw.ctx.ledger.authority.userBalance(h.alice.userId!)).toBe(START - MUSIC);
  });

  it('fails and refunds a task the upstream has not finished within an hour', async () => {
    const res = await h.submit(h.bobKey.apiKey, 'music', { prompt: 'slow song' });
    const taskId = res.body.data as string;
    const old = Math.floor(Date.now() / 1000) - 3601;
    await h.gw.ctx.db.updateTable('tasks').set({ submit_time: old }).where('task_id', '=', taskId).execute();
    await pollSunoTasks(h.gw.ctx);
    expect(await h.taskRow(taskId)).toMatchObject({ status: 'FAILURE', fail_reason: TIMEOUT_REASON });
    await flushAll(h.gw);
    const user = await h.gw.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', h.bob.userId!)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(START);
  });

  it("lists a user's own tasks without channels, and every task with filters for admins", async () => {
    const mine = await h.alice.get<Page<TaskView>>('/api/task/self');
    expect(mine.status).toBe(200);
    const items = mine.body.data!.items;
    expect(items.length).toBe(3);
    expect(items.every((t) => t.user_id === h.alice.userId && t.channel_id === 0)).toBe(true);
    expect(items[0]!.status).toBe('FAILURE');
    const one = await h.alice.get<Page<TaskView>>(`/api/task/self?task_id=${musicTask}`);
    expect(one.body.data!.items.map((t) => t.task_id)).toEqual([musicTask]);
    expect((one.body.data!.items[0]!.data as unknown[]).length).toBe(2);

    expect((await h.alice.get('/api/task/')).status).toBe(403);
    expect((await new ApiClient(h.gw.url).get('/api/task/self')).status).toBe(401);

    const all = await h.root.get<Page<TaskView>>('/api/task/?p=1&page_size=2');
    expect(all.body.data).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect(all.body.data!.items[0]!.channel_id).toBe(h.sunoChannel);
    const byChannel = await h.root.get<Page<TaskView>>(`/api/task/?channel_id=${h.sunoChannel + 100}`);
    expect(byChannel.body.data!.total).toBe(0);
    const failed = await h.root.get<Page<TaskView>>('/api/task/?status=FAILURE&platform=suno');
    expect(failed.body.data!.total).toBe(2);
    const future = Math.floor(Date.now() / 1000) + 3600;
    const later = await h.root.get<Page<TaskView>>(`/api/task/?start_timestamp=${future}`);
    expect(later.body.data!.total).toBe(0);
  });

  it("continues only the caller's own tasks, on the channel that made them", async () => {
    const theirs = await h.submit(h.bobKey.apiKey, 'music', {
      continue_clip_id: 'clip-1',
      task_id: musicTask,
    });
    expect(theirs).toMatchObject({ status: 400, body: { code: 'task_not_exist' } });
    const noTask = await h.submit(h.key.apiKey, 'music', { continue_clip_id: 'clip-1' });
    expect(noTask).toMatchObject({ status: 400, body: { code: 'task_id_empty' } });
    const own = await h.submit(h.key.apiKey, 'music', {
      prompt: 'more',
      continue_clip_id: `${musicTask}-clip-0`,
      continue_at: 60,
      task_id: musicTask,
    });
    expect(own.status).toBe(200);
    expect(h.suno.requests.at(-1)!.body).toMatchObject({
      continue_clip_id: `${musicTask}-clip-0`,
      continue_at: 60,
    });
    expect((await h.taskRow(own.body.data as string)).channel_id).toBe(h.sunoChannel);
  });
});
