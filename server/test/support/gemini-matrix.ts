import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { expect } from 'vitest';
import { addChannel, addToken, expectSingleCharge, relayMatrix } from '@gateway/test-support';

export const START = 1_000_000;
export const MODEL = 'gem-m';

/**
 * The same billed numbers on both channel kinds: 100 prompt tokens of which 40 cached, 20
 * output tokens. Gemini reports its 20 as 15 candidates + 5 thoughts (both billed as output).
 * Quota = (60 + 40 × 0.5 + 20 × 3) × 2 = 280.
 */
export const QUOTA = 280;
export const CHANNELS = {
  openai: { type: 1, usage: { prompt: 100, completion: 20, cached: 40 }, route: 'openai.chat' },
  gemini: {
    type: 24,
    usage: { prompt: 100, completion: 15, reasoning: 5, cached: 40 },
    route: 'gemini.generate',
  },
} as const;
export type ChannelKind = keyof typeof CHANNELS;

/**
 * The shared setup of the Gemini client × channel suites: a relay matrix (gateway, fake upstream,
 * a fresh user per test) with gem-m priced ratio 2, completion ratio 3, cache ratio 0.5; clients of
 * the three SDKs, a channel of either kind with a token, and the checks of the upstream call and
 * of the single exact charge.
 */
export function useGeminiMatrix() {
  const m = relayMatrix({
    options: {
      ModelRatio: JSON.stringify({ [MODEL]: 2 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 3 }),
      CacheRatio: JSON.stringify({ [MODEL]: 0.5 }),
      RetryTimes: '0',
    },
    startQuota: START,
    userPrefix: 'gemini',
  });

  const openai = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
  const anthropic = (apiKey: string) => new Anthropic({ apiKey, baseURL: m.gw.url, maxRetries: 0 });
  const google = (apiKey: string) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: m.gw.url } });

  async function setup(kind: ChannelKind) {
    m.upstream.scenario(`key-${kind}`, {
      chunks: ['Hello', ' from', ' Gemini'],
      usage: CHANNELS[kind].usage,
    });
    const channelId = await addChannel(m.gw, {
      type: CHANNELS[kind].type,
      key: `key-${kind}`,
      baseUrl: m.upstream.url,
      models: [MODEL],
    });
    const token = await addToken(m.gw, m.userId, { remainQuota: 100_000 });
    return { channelId, token };
  }

  async function expectCharged(channelId: number, tokenId: number, stream: boolean) {
    const other = await expectSingleCharge(m, {
      startQuota: START,
      tokenStart: 100_000,
      channelId,
      tokenId,
      quota: QUOTA,
      prompt: 100,
      completion: 20,
      stream,
    });
    expect(other.cache_tokens).toBe(40);
  }

  function expectUpstreamCall(kind: ChannelKind, stream: boolean) {
    const seen = m.upstream.requests.last()!;
    expect(seen.route).toBe(CHANNELS[kind].route);
    if (kind === 'gemini') {
      expect(seen.path).toBe(
        `/v1beta/models/${MODEL}:${stream ? 'streamGenerateContent' : 'generateContent'}`,
      );
      expect(seen.query).toEqual(stream ? { alt: 'sse' } : {});
      expect(seen.headers['x-goog-api-key']).toBe('key-gemini');
      expect(seen.headers.authorization).toBeUndefined();
    } else {
      expect(seen.headers.authorization).toBe('Bearer key-openai');
      expect(seen.query).toEqual({});
    }
  }

  return { m, openai, anthropic, google, setup, expectCharged, expectUpstreamCall };
}
