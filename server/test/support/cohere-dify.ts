import Anthropic from '@anthropic-ai/sdk';
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
export const TOKEN_QUOTA = 100_000;
export const COHERE = 'command-r-plus';
export const DIFY = 'dify-app';
export const RERANK = 'rerank-english-v3.0';
// Cohere's billed units (the fake reports 68 more input tokens in meta.tokens, unbilled).
export const COHERE_USAGE = { prompt: 30, completion: 12 };
export const COHERE_QUOTA = (30 + 12 * 3) * 2; // 132
export const DIFY_USAGE = { prompt: 40, completion: 10 };
export const DIFY_QUOTA = (40 + 10 * 2) * 1.5; // 90

/**
 * The shared setup of the Cohere (34) and Dify (37) suites: a gateway and a fake upstream, the
 * models priced (group ratio 1), RetryTimes 1, and per test a fresh user with START quota and a
 * TOKEN_QUOTA token, no channels.
 */
export function useCohereDify() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    root: undefined as unknown as ApiClient,
    userId: 0,
    token: { id: 0, apiKey: '' },

    openai: () => new OpenAI({ apiKey: h.token.apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 }),
    anthropic: () => new Anthropic({ apiKey: h.token.apiKey, baseURL: h.gw.url, maxRetries: 0 }),

    /** A channel keyed `key` answering `spec`: Cohere lists the chat and rerank models, Dify its app. */
    async channel(type: 34 | 37, key: string, spec: Parameters<FakeUpstream['scenario']>[1], priority = 0) {
      h.upstream.scenario(key, spec);
      const models = type === 34 ? [COHERE, RERANK] : [DIFY];
      return addChannel(h.gw, { type, key, baseUrl: h.upstream.url, models, priority });
    },

    async expectCharged(channelId: number, quota: number, stream: boolean) {
      const b = await balances(h.gw, h.userId, h.token.id);
      expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
      expect(b.token).toEqual({ remain_quota: TOKEN_QUOTA - quota, used_quota: quota });
      expect(await channelUsedQuota(h.gw, channelId)).toBe(quota);
      const logs = await consumeLogs(h.gw, h.userId);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ quota, is_stream: stream ? 1 : 0, channel_id: channelId });
    },

    async streamText(stream: AsyncIterable<OpenAI.ChatCompletionChunk>) {
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      let finish: string | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        usage = chunk.usage ?? usage;
      }
      return { text, usage, finish };
    },
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    await putOptions(h.root, {
      ModelRatio: JSON.stringify({ [COHERE]: 2, [DIFY]: 1.5, [RERANK]: 3 }),
      CompletionRatio: JSON.stringify({ [COHERE]: 3, [DIFY]: 2 }),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await h.gw.stop();
    await h.upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(h.gw.url, `cohere${n++}`);
    h.userId = user.userId!;
    await setUserQuota(h.gw, h.userId, START);
    h.token = await addToken(h.gw, h.userId, { remainQuota: TOKEN_QUOTA });
    h.upstream.reset();
    await removeAllChannels(h.gw);
  });

  return h;
}
