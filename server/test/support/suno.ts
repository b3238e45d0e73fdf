import { LogType } from '@gateway/contract';
import { afterAll, beforeAll } from 'vitest';
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
  type ApiClient,
  type FakeSuno,
  type RunningGateway,
} from '@gateway/test-support';

export const START = 1_000_000;
export const TOKEN = 200_000;
export const MUSIC = 50_000;

/**
 * The shared setup of the Suno task suites, made once per suite: a gateway whose background poll
 * is off and a fake Suno API; prices suno_music $0.1 and suno_lyrics $0.01 per call, group vip
 * ratio 1.5, RetryTimes 2; an OpenAI channel listing the Suno models at a higher priority (routing
 * must never offer it) and the Suno channel; users alice and bob with START quota, alice's key
 * (TOKEN quota) and vip key, bob's key.
 */
export function useSuno() {
  const key = { id: 0, apiKey: '' };
  const h = {
    gw: undefined as unknown as RunningGateway,
    suno: undefined as unknown as FakeSuno,
    root: undefined as unknown as ApiClient,
    alice: undefined as unknown as ApiClient,
    bob: undefined as unknown as ApiClient,
    sunoChannel: 0,
    key,
    vipKey: key,
    bobKey: key,

    async call(apiKey: string | null, method: string, path: string, body?: unknown) {
      const res = await fetch(h.gw.url + path, {
        method,
        headers: {
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    submit: (apiKey: string, action: string, body: unknown) =>
      h.call(apiKey, 'POST', `/suno/submit/${action}`, body),
    taskRow: (taskId: string) =>
      h.gw.ctx.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow(),
    async systemLogs(userId: number) {
      await flushAll(h.gw);
      return h.gw.ctx.logDb
        .selectFrom('logs')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', LogType.System)
        .execute();
    },
  };

  beforeAll(async () => {
    h.suno = await startFakeSuno();
    h.gw = await startGateway({ env: { TASK_POLL_MS: '0' } });
    h.root = await setupAndLoginRoot(h.gw.url);
    await putOptions(h.root, {
      ModelPrice: JSON.stringify({ suno_music: 0.1, suno_lyrics: 0.01 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      RetryTimes: '2',
    });
    // An OpenAI channel listing the model at a higher priority: routing must never offer it.
    await addChannel(h.gw, {
      type: 1,
      key: 'openai-key',
      baseUrl: 'http://127.0.0.1:9',
      models: ['suno_music', 'suno_lyrics'],
      groups: ['default', 'vip'],
      priority: 10,
    });
    h.sunoChannel = await addChannel(h.gw, {
      type: 36,
      key: h.suno.key,
      baseUrl: h.suno.url,
      models: ['suno_music', 'suno_lyrics'],
      groups: ['default', 'vip'],
    });
    h.alice = await registerAndLogin(h.gw.url, 'alice');
    h.bob = await registerAndLogin(h.gw.url, 'bob');
    await setUserQuota(h.gw, h.alice.userId!, START);
    await setUserQuota(h.gw, h.bob.userId!, START);
    h.key = await addToken(h.gw, h.alice.userId!, { remainQuota: TOKEN });
    h.vipKey = await addToken(h.gw, h.alice.userId!, { name: 'vip-key', unlimited: true, group: 'vip' });
    h.bobKey = await addToken(h.gw, h.bob.userId!, { unlimited: true });
  });
  afterAll(async () => {
    await h.gw.stop();
    await h.suno.close();
  });

  return h;
}
