import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  addChannel,
  addToken,
  flushAll,
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

export const START = 1_000_000;
export const SERVER = 'https://gw.example.com';

/**
 * The shared setup of the Midjourney suites: a gateway (background polling off: the tests poll
 * step by step) and a fake proxy, group ratios default 1 / vip 1.5, and per test a fresh user with
 * START quota, a token and one Midjourney channel serving both groups.
 */
export function useMidjourney() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    mj: undefined as unknown as FakeMidjourney,
    root: undefined as unknown as ApiClient,
    user: undefined as unknown as ApiClient,
    userId: 0,
    token: { id: 0, apiKey: '' },
    channelId: 0,
    /** A counter for unique user names. */
    n: 0,

    async call(path: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(h.gw.url + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${h.token.apiKey}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      // Loosely typed on purpose: the tests assert the proxy's JSON shapes field by field.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const json: any = text ? JSON.parse(text) : null;
      return { status: res.status, body: json };
    },
    imagine: (prompt: string, extra: Record<string, unknown> = {}) =>
      h.call('/mj/submit/imagine', { prompt, ...extra }),
    row: (mjId: string) =>
      h.gw.ctx.db.selectFrom('midjourneys').selectAll().where('mj_id', '=', mjId).executeTakeFirstOrThrow(),
    async systemLogs() {
      await flushAll(h.gw);
      return h.gw.ctx.logDb
        .selectFrom('logs')
        .selectAll()
        .where('user_id', '=', h.userId)
        .where('type', '=', 4)
        .execute();
    },
  };

  beforeAll(async () => {
    h.mj = await startFakeMidjourney();
    // The tests poll themselves, step by step; the background poll would race them.
    h.gw = await startGateway({ env: { UPDATE_TASK: 'false' } });
    h.root = await setupAndLoginRoot(h.gw.url);
    await putOptions(h.root, {
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      UserUsableGroups: JSON.stringify({ default: 'default', vip: 'vip' }),
      ServerAddress: SERVER,
    });
  });

  afterAll(async () => {
    await h.gw?.stop();
    await h.mj?.close();
  });

  beforeEach(async () => {
    h.user = await registerAndLogin(h.gw.url, `painter${h.n++}`);
    h.userId = h.user.userId!;
    await setUserQuota(h.gw, h.userId, START);
    h.token = await addToken(h.gw, h.userId, { remainQuota: START });
    h.mj.reset();
    await removeAllChannels(h.gw);
    h.channelId = await addChannel(h.gw, {
      type: 2,
      key: h.mj.secret,
      baseUrl: h.mj.url,
      models: ['mj_imagine', 'mj_upscale', 'mj_variation', 'mj_describe', 'swap_face'],
      groups: ['default', 'vip'],
    });
  });

  return h;
}
