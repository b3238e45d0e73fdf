import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
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

export interface RelaySuiteOptions {
  /** Options set once, as root (prices, RetryTimes, …). */
  options: Record<string, string>;
  /** Prefix of the per-test usernames. */
  userPrefix: string;
  startQuota: number;
  tokenQuota: number;
}

/**
 * The setup provider suites share: a gateway and a fake upstream, `options` set once, and per test
 * a fresh user with `startQuota` and a token limited to `tokenQuota`, the upstream's request log
 * cleared and no channels. Clients of the three SDKs and the exact-charge checks come with it.
 */
export function useRelaySuite(o: RelaySuiteOptions) {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    root: undefined as unknown as ApiClient,
    userId: 0,
    token: { id: 0, apiKey: '' },

    /** Exactly one call charged `quota`: user, token, channel and one consume row agree. */
    async expectCharged(channelId: number, quota: number, stream: boolean) {
      const b = await balances(h.gw, h.userId, h.token.id);
      expect(b.user).toEqual({ quota: o.startQuota - quota, used_quota: quota, request_count: 1 });
      expect(b.token).toEqual({ remain_quota: o.tokenQuota - quota, used_quota: quota });
      expect(await channelUsedQuota(h.gw, channelId)).toBe(quota);
      const logs = await consumeLogs(h.gw, h.userId);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ quota, is_stream: stream ? 1 : 0, channel_id: channelId });
    },

    async expectNothingCharged(channelId: number) {
      expect(await channelUsedQuota(h.gw, channelId)).toBe(0);
      expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(o.startQuota);
    },

    openai: () => new OpenAI({ apiKey: h.token.apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 }),
    anthropic: () => new Anthropic({ apiKey: h.token.apiKey, baseURL: h.gw.url, maxRetries: 0 }),
    google: () => new GoogleGenAI({ apiKey: h.token.apiKey, httpOptions: { baseUrl: h.gw.url } }),

    /** Reads an OpenAI chat stream: its text, tool calls (assembled), final usage and finish reason. */
    async readStream(stream: AsyncIterable<OpenAI.ChatCompletionChunk>) {
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      let finish: string | null | undefined;
      const calls: Array<{ id?: string; name?: string; arguments: string }> = [];
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        for (const d of chunk.choices[0]?.delta.tool_calls ?? []) {
          const c = (calls[d.index] ??= { arguments: '' });
          c.id ??= d.id;
          c.name ??= d.function?.name;
          c.arguments += d.function?.arguments ?? '';
        }
        finish = chunk.choices[0]?.finish_reason ?? finish;
        usage = chunk.usage ?? usage;
      }
      return { text, calls, usage, finish };
    },
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    await putOptions(h.root, o.options);
  });
  afterAll(async () => {
    await h.gw?.stop();
    await h.upstream?.close();
  });

  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(h.gw.url, `${o.userPrefix}${n++}`);
    h.userId = user.userId!;
    await setUserQuota(h.gw, h.userId, o.startQuota);
    h.token = await addToken(h.gw, h.userId, { remainQuota: o.tokenQuota });
    h.upstream.reset();
    await removeAllChannels(h.gw);
  });

  return h;
}
