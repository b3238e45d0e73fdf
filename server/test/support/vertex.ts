import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  channelUsedQuota,
  consumeLogs,
  putOptions,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

export const START = 1_000_000;
export const CLAUDE = 'claude-3-5-sonnet-20241022';
export const GEMINI = 'gemini-2.0-flash';
export const LLAMA = 'meta/llama-3.1-405b-instruct-maas';
export const CLAUDE_USAGE = { prompt: 100, completion: 20, cached: 40, cacheCreation: 10 };
export const CLAUDE_QUOTA = (100 + 40 * 0.5 + 10 * 1.25 + 20 * 3) * 2; // 385
// Gemini's promptTokenCount (100) includes its 40 cached tokens.
export const GEMINI_USAGE = { prompt: 100, completion: 20, cached: 40 };
export const GEMINI_QUOTA = (60 + 40 * 0.5 + 20 * 3) * 2; // 280

/**
 * The shared setup of the Vertex AI suites: a gateway and a fake upstream (with its fake Google
 * token endpoint), the three models priced ratio 2, completion ratio 3, cache ratio 0.5,
 * RetryTimes 0, automatic channel disabling on; per test a fresh user with START quota and a
 * token, no channels.
 */
export function useVertex() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    root: undefined as unknown as ApiClient,
    userId: 0,
    token: { id: 0, apiKey: '' },

    /** A Vertex channel on a fresh service account; scenarios are keyed by its client_email. */
    async vertexChannel(spec: Parameters<FakeUpstream['scenario']>[1], other = 'us-east5') {
      const account = h.upstream.google.createServiceAccount('proj-1');
      h.upstream.scenario(account.email, spec);
      const id = await addChannel(h.gw, {
        type: 41,
        name: `vertex-${account.email}`,
        key: account.key,
        baseUrl: h.upstream.url,
        other,
        models: [CLAUDE, GEMINI, LLAMA],
      });
      return { id, email: account.email };
    },

    async expectCharged(channelId: number, stream: boolean, quota: number) {
      const b = await balances(h.gw, h.userId, h.token.id);
      expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
      expect(b.token).toEqual({ remain_quota: 100_000 - quota, used_quota: quota });
      expect(await channelUsedQuota(h.gw, channelId)).toBe(quota);
      const logs = await consumeLogs(h.gw, h.userId);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ quota, is_stream: stream ? 1 : 0, channel_id: channelId });
    },

    anthropic: () => new Anthropic({ apiKey: h.token.apiKey, baseURL: h.gw.url, maxRetries: 0 }),
    openai: () => new OpenAI({ apiKey: h.token.apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 }),
    google: () => new GoogleGenAI({ apiKey: h.token.apiKey, httpOptions: { baseUrl: h.gw.url } }),
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    const prices = (value: number) => JSON.stringify({ [CLAUDE]: value, [GEMINI]: value, [LLAMA]: value });
    await putOptions(h.root, {
      ModelRatio: prices(2),
      CompletionRatio: prices(3),
      CacheRatio: prices(0.5),
      RetryTimes: '0',
      AutomaticDisableChannelEnabled: 'true',
    });
  });
  afterAll(async () => {
    await h.gw.stop();
    await h.upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(h.gw.url, `vertex${n++}`);
    h.userId = user.userId!;
    await setUserQuota(h.gw, h.userId, START);
    h.token = await addToken(h.gw, h.userId, { remainQuota: 100_000 });
    h.upstream.reset();
    await removeAllChannels(h.gw);
  });

  return h;
}
