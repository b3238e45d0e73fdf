import { describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  flushAll,
  putOptions,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeSuno,
  startGateway,
  testDbKind,
} from '@gateway/test-support';
import { pollSunoTasks } from '../src/relay/suno/poll.js';
import { START, useSuno } from './support/suno.js';

/**
 * The Suno task relay against a fake Suno API, around the task's life: requests refused locally
 * (bad input, no key, no quota, sensitive words), the built-in price when an operator priced by
 * ratio, two instances polling one failure, and the background poll. Prices suno_music $0.1 and
 * suno_lyrics $0.01 per call, group vip ratio 1.5, QuotaPerUnit 500000. The task's life itself:
 * suno-tasks.test.ts.
 */
describe('suno task relay', () => {
  const h = useSuno();

  it('refuses bad requests, missing keys and unpaid tasks locally', async () => {
    const before = h.suno.requests.length;
    expect(await h.submit(h.key.apiKey, 'lyrics', {})).toMatchObject({
      status: 400,
      body: { code: 'prompt_empty', data: null },
    });
    expect(await h.submit(h.key.apiKey, 'video', { prompt: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_action' },
    });
    expect(await h.call(null, 'POST', '/suno/submit/music', { prompt: 'x' })).toMatchObject({
      status: 401,
      body: { code: 'token_missing', data: null },
    });
    const res = await fetch(`${h.gw.url}/suno/submit/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.key.apiKey}`, 'content-type': 'application/json' },
      body: '{"prompt":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_request', data: null });

    const poor = await registerAndLogin(h.gw.url, 'poor');
    await setUserQuota(h.gw, poor.userId!, 10);
    const poorKey = await addToken(h.gw, poor.userId!, { unlimited: true });
    const refused = await h.submit(poorKey.apiKey, 'music', { prompt: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'quota_not_enough', data: null });
    expect(h.suno.requests.length).toBe(before);
  });

  it('falls back to the built-in per-call price when an operator priced the action by ratio', async () => {
    await putOptions(h.root, {
      ModelPrice: JSON.stringify({ suno_music: 0.1 }),
      ModelRatio: JSON.stringify({ suno_lyrics: 1 }),
    });
    const res = await h.submit(h.vipKey.apiKey, 'lyrics', { prompt: 'ratio priced' });
    expect(res.status).toBe(200);
    expect((await h.taskRow(res.body.data as string)).quota).toBe(7_500); // $0.01 × 500000 × 1.5
    await putOptions(h.root, { ModelPrice: JSON.stringify({ suno_music: 0.1, suno_lyrics: 0.01 }) });
  });

  it('refuses a prompt with a sensitive word before anything is held or sent', async () => {
    await putOptions(h.root, {
      CheckSensitiveEnabled: 'true',
      CheckSensitiveOnPromptEnabled: 'true',
      SensitiveWords: 'forbidden-word',
    });
    const before = h.suno.requests.length;
    const res = await h.submit(h.bobKey.apiKey, 'lyrics', { prompt: 'a forbidden-word song' });
    expect(res).toMatchObject({ status: 400, body: { code: 'sensitive_words_detected', data: null } });
    expect(h.suno.requests.length).toBe(before);
    await putOptions(h.root, { CheckSensitiveEnabled: 'false' });
  });

  it.skipIf(testDbKind() === 'sqlite')('refunds once when two instances poll the same failure', async () => {
    const other = await startGateway({ database: h.gw.database, env: { TASK_POLL_MS: '0' } });
    try {
      const res = await h.submit(h.bobKey.apiKey, 'music', { prompt: 'FAIL twice' });
      const taskId = res.body.data as string;
      await pollSunoTasks(h.gw.ctx);
      await pollSunoTasks(other.ctx);
      await Promise.all([pollSunoTasks(h.gw.ctx), pollSunoTasks(other.ctx)]);
      expect(await h.taskRow(taskId)).toMatchObject({ status: 'FAILURE', progress: '100%' });
      await flushAll(h.gw);
      await flushAll(other);
      const refunds = await h.systemLogs(h.bob.userId!);
      expect(refunds.filter((l) => l.content?.includes(taskId))).toHaveLength(1);
      const user = await h.gw.ctx.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', h.bob.userId!)
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
