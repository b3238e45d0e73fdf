import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  addToken,
  consumeLogs,
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

export const QPU = 500_000;

/**
 * The shared setup of the relay endpoint suites: a gateway and a fake upstream, a price for each
 * endpoint's test model, one user with an unlimited key, and no channels at the start of a test.
 */
export function useRelayEndpoints() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    root: undefined as unknown as ApiClient,
    userId: 0,
    apiKey: '',
    /** Every test model: what a channel of these suites lists. */
    models: [
      'gpt-test',
      'embed-test',
      'tts-test',
      'whisper-1',
      'mod-test',
      'rerank-test',
      'dall-e-2',
      'dall-e-3',
    ],

    openai: () => new OpenAI({ apiKey: h.apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 }),
    lastLog: async () => (await consumeLogs(h.gw, h.userId)).at(-1)!,
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    const prices = {
      ModelRatio: {
        'gpt-test': 1,
        'embed-test': 0.5,
        'tts-test': 7.5,
        'whisper-1': 15,
        'mod-test': 1,
        'rerank-test': 1,
        'dall-e-2': 8,
      },
      CompletionRatio: { 'gpt-test': 2 },
      ModelPrice: { 'dall-e-3': 0.04 },
    };
    for (const [key, map] of Object.entries(prices)) {
      await h.root.put('/api/option/', { key, value: JSON.stringify(map) });
    }
    const user = await registerAndLogin(h.gw.url, 'endpoints');
    h.userId = user.userId!;
    await setUserQuota(h.gw, h.userId, 10_000_000);
    h.apiKey = (await addToken(h.gw, h.userId, { unlimited: true })).apiKey;
  });

  afterAll(async () => {
    await h.gw.stop();
    await h.upstream.close();
  });

  beforeEach(async () => {
    h.upstream.reset();
    await removeAllChannels(h.gw);
  });

  return h;
}
