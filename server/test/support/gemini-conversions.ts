import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  addChannel,
  addToken,
  putOptions,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

export const START = 1_000_000;
export const MODEL = 'gem-t';

export const WEATHER = {
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/**
 * The shared setup of the Gemini conversion suites: a gateway and a fake upstream, MODEL priced
 * ratio 1 / completion ratio 2, RetryTimes 1, and per test a fresh user with START quota and a
 * token, no channels; clients of the three SDKs on that token.
 */
export function useGeminiConversions() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    userId: 0,
    token: { id: 0, apiKey: '' },

    openai: () => new OpenAI({ apiKey: h.token.apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 }),
    anthropic: () => new Anthropic({ apiKey: h.token.apiKey, baseURL: h.gw.url, maxRetries: 0 }),
    google: (apiKey?: string) =>
      new GoogleGenAI({ apiKey: apiKey ?? h.token.apiKey, httpOptions: { baseUrl: h.gw.url } }),
    channel: (type: number, key: string, priority = 0) =>
      addChannel(h.gw, { type, key, baseUrl: h.upstream.url, models: [MODEL], priority }),
    lastBody: () => h.upstream.requests.last()!.body as Record<string, unknown>,
    async geminiError(p: Promise<unknown>) {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      return { status: (err as ApiError).status, body: JSON.parse((err as ApiError).message) as unknown };
    },
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    const root = await setupAndLoginRoot(h.gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [MODEL]: 1 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 2 }),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await h.gw.stop();
    await h.upstream.close();
  });
  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(h.gw.url, `gconv${n++}`);
    h.userId = user.userId!;
    await setUserQuota(h.gw, h.userId, START);
    h.token = await addToken(h.gw, h.userId, { remainQuota: 100_000 });
    h.upstream.reset();
    await removeAllChannels(h.gw);
  });

  return h;
}
