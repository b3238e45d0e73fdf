import { LogType, TaskStatus, type Page, type TaskView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  ApiClient,
  balances,
  consumeLogs,
  FAKE_SUNO_FAIL_REASON,
  flushAll,
  putOptions,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeSuno,
  startGateway,
  testDbKind,
  type FakeSuno,
  type RunningGateway,
} from '@gateway/test-support';
import { pollSunoTasks, TIMEOUT_REASON } from '../src/relay/suno/poll.js';

/**
 * The Suno task relay end to end against a fake Suno API: prices suno_music $0.1 and suno_lyrics
 * $0.01 per call, group vip ratio 1.5, QuotaPerUnit 500000. Polling runs only when a test calls it.
 */
describe('suno task relay', () => {
  let gw: RunningGateway;
  let suno: FakeSuno;
  let root: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let sunoChannel: number;
  let key: { id: number; apiKey: string };
  let vipKey: { id: number; apiKey: string };
  let bobKey: { id: number; apiKey: string };
  const START = 1_000_000;
  const TOKEN = 200_000;
  const MUSIC = 50_000;

  const call = async (apiKey: string | null, method: string, path: string, body?: unknown) => {
    const res = await fetch(gw.url + path, {
      method,
      headers: {
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const submit = (apiKey: string, action: string, body: unknown) =>
    call(apiKey, 'POST', `/suno/submit/${action}`, body);
  const taskRow = (taskId: string) =>
    gw.ctx.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
  const systemLogs = async (userId: number) => {
    await flushAll(gw);
    return gw.ctx.logDb
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', LogType.System)
      .execute();
  };

  beforeAll(async () => {
    suno = await startFakeSuno();
    gw = await startGateway({ env: { TASK_POLL_MS: '0' } });
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelPrice: JSON.stringify({ suno_music: 0.1, suno_lyrics: 0.01 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      RetryTimes: '2',
    });
    // An OpenAI channel listing the model at a higher priority: routing must never offer it.
    await addChannel(gw, {
      type: 1,
      key: 'openai-key',
      baseUrl: 'http://127.0.0.1:9',
      models: ['suno_music', 'suno_lyrics'],
      groups: ['default', 'vip'],
      priority: 10,
    });
    sunoChannel = await addChannel(gw, {
      type: 36,
      key: suno.key,
      baseUrl: suno.url,
      models: ['suno_music', 'suno_lyrics'],
      groups: ['default', 'vip'],
    });
    alice = await registerAndLogin(gw.url, 'alice');
    bob = await registerAndLogin(gw.url, 'bob');
    await setUserQuota(gw, alice.userId!, START);
    await setUserQuota(gw, bob.userId!, START);
    key = await addToken(gw, alice.userId!, { remainQuota: TOKEN });
    vipKey = await addToken(gw, alice.userId!, { name: 'vip-key', unlimited: true, group: 'vip' });
    bobKey = await addToken(gw, bob.userId!, { unlimited: true });
  });
  afterAll(async () => {
    await gw.stop();
    await suno.close();
  });

  let musicTask = '';

  it('submits music to the Suno channel and charges its price once, with a consume log', async () => {
    const res = await submit(key.apiKey, 'music', { prompt: 'a song about tests', tags: 'pop' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'success', message: '' });
    musicTask = res.body.data as string;
    expect(musicTask).toMatch(/^suno-task-/);

    const sent = suno.requests.at(-1)!;
    expect(sent.path).toBe('/suno/submit/MUSIC');
    expect(sent.authorization).toBe(`Bearer ${suno.key}`);
    expect(sent.body).toMatchObject({ prompt: 'a song about tests', tags: 'pop', mv: 'chirp-v3-0' });

    const b = await balances(gw, alice.userId!, key.id);
    expect(b.user).toEqual({ quota: START - MUSIC, used_quota: MUSIC, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: TOKEN - MUSIC, used_quota: MUSIC });
    const [log] = await consumeLogs(gw, alice.userId!);
    expect(log).toMatchObject({ model_name: 'suno_music', quota: MUSIC, channel_id: sunoChannel });
    expect(log!.content).toContain('模型价格 0.10，分组倍率 1.00');

    const row = await taskRow(musicTask);
    expect(row).toMatchObject({
      platform: 'suno',
      action: 'MUSIC',
      status: TaskStatus.NotStart,
      progress: '0%',
      quota: MUSIC,
      channel_id: sunoChannel,
      user_id: alice.userId,
    });
  });

  it('prices lyrics with the group ratio of the key', async () => {
    const res = await submit(vipKey.apiKey, 'LYRICS', { prompt: 'rain' });
    expect(res.status).toBe(200);
    await flushAll(gw);
    const row = await taskRow(res.body.data as string);
    expect(row.quota).toBe(7_500); // 0.01 × 500000 × 1.5
    const b = await balances(gw, alice.userId!, key.id);
    expect(b.user.quota).toBe(START - MUSIC - 7_500);
    await setUserQuota(gw, alice.userId!, START - MUSIC);
  });

  it('charges nothing when the upstream refuses or fails, and answers in the Suno error shape', async () => {
    const refused = await submit(key.apiKey, 'music', { prompt: 'REFUSE this' });
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({ code: 'prompt_refused', message: 'the prompt was refused', data: null });
    const broken = await submit(key.apiKey, 'music', { prompt: 'BROKEN upstream' });
    expect(broken.status).toBe(500);
    expect(broken.body).toMatchObject({ code: 'fail_to_fetch_task', data: null });

    const b = await balances(gw, alice.userId!, key.id);
    expect(b.user.quota).toBe(START - MUSIC);
    expect(b.token.remain_quota).toBe(TOKEN - MUSIC);
    const count = await gw.ctx.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses bad requests, missing keys and unpaid tasks locally', async () => {
    const before = suno.requests.length;
    expect(await submit(key.apiKey, 'lyrics', {})).toMatchObject({
      status: 400,
      body: { code: 'prompt_empty', data: null },
    });
    expect(await submit(key.apiKey, 'video', { prompt: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_action' },
    });
    expect(await call(null, 'POST', '/suno/submit/music', { prompt: 'x' })).toMatchObject({
      status: 401,
      body: { code: 'token_missing', data: null },
    });
    const res = await fetch(`${gw.url}/suno/submit/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.apiKey}`, 'content-type': 'application/json' },
      body: '{"prompt":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_request', data: null });

    const poor = await registerAndLogin(gw.url, 'poor');
    await setUserQuota(gw, poor.userId!, 10);
    const poorKey = await addToken(gw, poor.userId!, { unlimited: true });
    const refused = await submit(poorKey.apiKey, 'music', { prompt: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'quota_not_enough', data: null });
    expect(suno.requests.length).toBe(before);
  });

  it("fetches own tasks from the local copy, never another user's", async () => {
    const one = await call(key.apiKey, 'GET', `/suno/fetch/${musicTask}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      code: 'success',
      data: { task_id: musicTask, action: 'MUSIC', status: 'NOT_START', progress: '0%', data: null },
    });
    const list = await call(key.apiKey, 'POST', '/suno/fetch', { ids: [musicTask, 'nope'] });
    expect((list.body.data as Array<{ task_id: string }>).map((t) => t.task_id)).toEqual([musicTask]);

    expect(await call(bobKey.apiKey, 'GET', `/suno/fetch/${musicTask}`)).toMatchObject({
      status: 400,
      body: { code: 'task_not_exist' },
    });
    const theirs = await call(bobKey.apiKey, 'POST', '/suno/fetch', { ids: [musicTask] });
    expect(theirs.body.data).toEqual([]);
    expect((await call(key.apiKey, 'POST', '/suno/fetch', { ids: 'x' })).status).toBe(400);
  });

  it('tracks a task over polls to success without touching the balance', async () => {
    await pollSunoTasks(gw.ctx);
    expect(await taskRow(musicTask)).toMatchObject({ status: 'SUBMITTED', progress: '0%' });
    await pollSunoTasks(gw.ctx);
    expect(await taskRow(musicTask)).toMatchObject({ status: 'IN_PROGRESS', progress: '0%' });
    await pollSunoTasks(gw.ctx);
    const done = await taskRow(musicTask);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    expect(done.finish_time).toBeGreaterThan(0);
    const clips = JSON.parse(done.data!) as Array<{ audio_url: string }>;
    expect(clips).toHaveLength(2);
    expect(clips[0]!.audio_url).toContain(musicTask);
    const b = await balances(gw, alice.userId!, key.id);
    expect(b.user.quota).toBe(START - MUSIC);
    expect(await systemLogs(alice.userId!)).toEqual([]);
  });

  it('refunds a failed task exactly once, however many pollers see the failure', async () => {
    const res = await submit(key.apiKey, 'music', { prompt: 'please FAIL' });
    const taskId = res.body.data as string;
    expect((await balances(gw, alice.userId!, key.id)).user.quota).toBe(START - 2 * MUSIC);
    await pollSunoTasks(gw.ctx);
    await pollSunoTasks(gw.ctx);
    expect(await taskRow(taskId)).toMatchObject({ status: 'IN_PROGRESS' });
    // Three pollers read the task as unfinished and all get FAILURE from the upstream.
    await Promise.all([pollSunoTasks(gw.ctx), pollSunoTasks(gw.ctx), pollSunoTasks(gw.ctx)]);
    await pollSunoTasks(gw.ctx);
    expect(await taskRow(taskId)).toMatchObject({
      status: 'FAILURE',
      progress: '100%',
      fail_reason: FAKE_SUNO_FAIL_REASON,
    });
    const b = await balances(gw, alice.userId!, key.id);
    expect(b.user).toMatchObject({ quota: START - MUSIC, used_quota: MUSIC + 7_500 });
    expect(b.token).toEqual({ remain_quota: TOKEN - MUSIC, used_quota: MUSIC });
    const refunds = await systemLogs(alice.userId!);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ quota: MUSIC, username: 'alice' });
    expect(refunds[0]!.content).toContain(taskId);
    // The admission view follows: the refunded quota can be spent at once.
    expect(await gw.ctx.ledger.authority.userBalance(alice.userId!)).toBe(START - MUSIC);
  });

  it('fails and refunds a task the upstream has not finished within an hour', async () => {
    const res = await submit(bobKey.apiKey, 'music', { prompt: 'slow song' });
    const taskId = res.body.data as string;
    const old = Math.floor(Date.now() / 1000) - 3601;
    await gw.ctx.db.updateTable('tasks').set({ submit_time: old }).where('task_id', '=', taskId).execute();
    await pollSunoTasks(gw.ctx);
    expect(await taskRow(taskId)).toMatchObject({ status: 'FAILURE', fail_reason: TIMEOUT_REASON });
    await flushAll(gw);
    const user = await gw.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', bob.userId!)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(START);
  });

  it("lists a user's own tasks without channels, and every task with filters for admins", async () => {
    const mine = await alice.get<Page<TaskView>>('/api/task/self');
    expect(mine.status).toBe(200);
    const items = mine.body.data!.items;
    expect(items.length).toBe(3);
    expect(items.every((t) => t.user_id === alice.userId && t.channel_id === 0)).toBe(true);
    expect(items[0]!.status).toBe('FAILURE');
    const one = await alice.get<Page<TaskView>>(`/api/task/self?task_id=${musicTask}`);
    expect(one.body.data!.items.map((t) => t.task_id)).toEqual([musicTask]);
    expect((one.body.data!.items[0]!.data as unknown[]).length).toBe(2);

    expect((await alice.get('/api/task/')).status).toBe(403);
    expect((await new ApiClient(gw.url).get('/api/task/self')).status).toBe(401);

    const all = await root.get<Page<TaskView>>('/api/task/?p=1&page_size=2');
    expect(all.body.data).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect(all.body.data!.items[0]!.channel_id).toBe(sunoChannel);
    const byChannel = await root.get<Page<TaskView>>(`/api/task/?channel_id=${sunoChannel + 100}`);
    expect(byChannel.body.data!.total).toBe(0);
    const failed = await root.get<Page<TaskView>>('/api/task/?status=FAILURE&platform=suno');
    expect(failed.body.data!.total).toBe(2);
    const future = Math.floor(Date.now() / 1000) + 3600;
    const later = await root.get<Page<TaskView>>(`/api/task/?start_timestamp=${future}`);
    expect(later.body.data!.total).toBe(0);
  });

  it("continues only the caller's own tasks, on the channel that made them", async () => {
    const theirs = await submit(bobKey.apiKey, 'music', { continue_clip_id: 'clip-1', task_id: musicTask });
    expect(theirs).toMatchObject({ status: 400, body: { code: 'task_not_exist' } });
    const noTask = await submit(key.apiKey, 'music', { continue_clip_id: 'clip-1' });
    expect(noTask).toMatchObject({ status: 400, body: { code: 'task_id_empty' } });
    const own = await submit(key.apiKey, 'music', {
      prompt: 'more',
      continue_clip_id: `${musicTask}-clip-0`,
      continue_at: 60,
      task_id: musicTask,
    });
    expect(own.status).toBe(200);
    expect(suno.requests.at(-1)!.body).toMatchObject({
      continue_clip_id: `${musicTask}-clip-0`,
      continue_at: 60,
    });
    expect((await taskRow(own.body.data as string)).channel_id).toBe(sunoChannel);
  });

  it('falls back to the built-in per-call price when an operator priced the action by ratio', async () => {
    await putOptions(root, {
      ModelPrice: JSON.stringify({ suno_music: 0.1 }),
      ModelRatio: JSON.stringify({ suno_lyrics: 1 }),
    });
    const res = await submit(vipKey.apiKey, 'lyrics', { prompt: 'ratio priced' });
    expect(res.status).toBe(200);
    expect((await taskRow(res.body.data as string)).quota).toBe(7_500); // $0.01 × 500000 × 1.5
    await putOptions(root, { ModelPrice: JSON.stringify({ suno_music: 0.1, suno_lyrics: 0.01 }) });
  });

  it('refuses a prompt with a sensitive word before anything is held or sent', async () => {
    await putOptions(root, {
      CheckSensitiveEnabled: 'true',
      CheckSensitiveOnPromptEnabled: 'true',
      SensitiveWords: 'forbidden-word',
    });
    const before = suno.requests.length;
    const res = await submit(bobKey.apiKey, 'lyrics', { prompt: 'a forbidden-word song' });
    expect(res).toMatchObject({ status: 400, body: { code: 'sensitive_words_detected', data: null } });
    expect(suno.requests.length).toBe(before);
    await putOptions(root, { CheckSensitiveEnabled: 'false' });
  });

  it.skipIf(testDbKind() === 'sqlite')('refunds once when two instances poll the same failure', async () => {
    const other = await startGateway({ database: gw.database, env: { TASK_POLL_MS: '0' } });
    try {
      const res = await submit(bobKey.apiKey, 'music', { prompt: 'FAIL twice' });
      const taskId = res.body.data as string;
      await pollSunoTasks(gw.ctx);
      await pollSunoTasks(other.ctx);
      await Promise.all([pollSunoTasks(gw.ctx), pollSunoTasks(other.ctx)]);
      expect(await taskRow(taskId)).toMatchObject({ status: 'FAILURE', progress: '100%' });
      await flushAll(gw);
      await flushAll(other);
      const refunds = await systemLogs(bob.userId!);
      expect(refunds.filter((l) => l.content?.includes(taskId))).toHaveLength(1);
      const user = await gw.ctx.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', bob.userId!)
        .executeTakeFirstOrThrow();
      expect(user.quota).toBe(START);
    } finally {
      await other.stop({ keepDatabase: true });
    }
  });
});

describe('suno task polling in the background', () => {
  it('tracks a task to success on its own, under the job lease', async () => {
    const suno = await startFakeSuno();
    const gw = await startGateway({ env: { TASK_POLL_MS: '100' } });
    try {
      await setupAndLoginRoot(gw.url);
      await addChannel(gw, { type: 36, key: suno.key, baseUrl: suno.url, models: ['suno_music'] });
      const user = await registerAndLogin(gw.url, 'eve');
      await setUserQuota(gw, user.userId!, 1_000_000);
      const key = await addToken(gw, user.userId!, { unlimited: true });
      const res = await fetch(`${gw.url}/suno/submit/music`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'background song' }),
      });
      const taskId = ((await res.json()) as { data: string }).data;
      await expect
        .poll(
          async () =>
            (
              await gw.ctx.db
                .selectFrom('tasks')
                .select('status')
                .where('task_id', '=', taskId)
                .executeTakeFirst()
            )?.status,
          { timeout: 10_000, interval: 100 },
        )
        .toBe('SUCCESS');
    } finally {
      await gw.stop();
      await suno.close();
    }
  });
});
