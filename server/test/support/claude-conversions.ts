import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  addChannel,
  addToken,
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

export const WEATHER_TOOL: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

/**
 * The shared setup of the OpenAI chat ↔ Anthropic Messages conversion suites: a gateway and a fake
 * upstream, claude-c and claude-c-thinking priced ratio 1, one user with an unlimited key, and no
 * channels at the start of a test.
 */
export function useClaudeConversions() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    root: undefined as unknown as ApiClient,
    apiKey: '',

    async setOption(key: string, value: string) {
      const res = await h.root.put('/api/option/', { key, value });
      expect(res.body.success, res.body.message).toBe(true);
    },
    openai: () => new OpenAI({ apiKey: h.apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 }),
    anthropic: () => new Anthropic({ apiKey: h.apiKey, baseURL: h.gw.url, maxRetries: 0 }),
    claudeChannel: (key: string) =>
      addChannel(h.gw, { type: 14, key, baseUrl: h.upstream.url, models: ['claude-c', 'claude-c-thinking'] }),
    openaiChannel: (key: string) =>
      addChannel(h.gw, { type: 1, key, baseUrl: h.upstream.url, models: ['claude-c'] }),
    upstreamBody: () => h.upstream.requests.last()!.body as Record<string, unknown>,
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    await h.setOption('ModelRatio', JSON.stringify({ 'claude-c': 1, 'claude-c-thinking': 1 }));
    const user = await registerAndLogin(h.gw.url, 'converter');
    await setUserQuota(h.gw, user.userId!, 10_000_000);
    h.apiKey = (await addToken(h.gw, user.userId!, { unlimited: true })).apiKey;
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
