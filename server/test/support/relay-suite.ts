import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { beforeEach, expect } from 'vitest';
import { addToken, balances, channelUsedQuota, expectSingleCharge, relayMatrix } from '@gateway/test-support';

export interface RelaySuiteOptions {
  /** Options set once, as root (prices, RetryTimes, …). */
  options: Record<string, string>;
  /** Prefix of the per-test usernames. */
  userPrefix: string;
  startQuota: number;
  tokenQuota: number;
}

/**
 * A relayMatrix suite (gateway, fake upstream, `options` set once, a fresh user with `startQuota`
 * and no channels per test) with, per test, a token limited to `tokenQuota`, clients of the three
 * SDKs on it, and the exact-charge checks.
 */
export function useRelaySuite(o: RelaySuiteOptions) {
  const matrix = relayMatrix(o);
  // Registered after the matrix's: runs once the test's user exists.
  beforeEach(async () => {
    h.token = await addToken(matrix.gw, matrix.userId, { remainQuota: o.tokenQuota });
  });
  const h = Object.assign(matrix, {
    token: { id: 0, apiKey: '' },

    /** Exactly one call charged `quota`: user, token, channel and one consume row agree. */
    expectCharged: (channelId: number, quota: number, stream: boolean) =>
      expectSingleCharge(matrix, {
        startQuota: o.startQuota,
        tokenStart: o.tokenQuota,
        channelId,
        tokenId: h.token.id,
        quota,
        stream,
      }),

    async expectNothingCharged(channelId: number) {
      expect(await channelUsedQuota(matrix.gw, channelId)).toBe(0);
      expect((await balances(matrix.gw, matrix.userId, h.token.id)).user.quota).toBe(o.startQuota);
    },

    openai: () => new OpenAI({ apiKey: h.token.apiKey, baseURL: `${matrix.gw.url}/v1`, maxRetries: 0 }),
    anthropic: () => new Anthropic({ apiKey: h.token.apiKey, baseURL: matrix.gw.url, maxRetries: 0 }),
    google: () => new GoogleGenAI({ apiKey: h.token.apiKey, httpOptions: { baseUrl: matrix.gw.url } }),

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
  });
  return h;
}
