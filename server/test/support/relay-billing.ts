import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  addChannel,
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

/**
 * The shared setup of the relay billing suites: a gateway and a fake upstream with the prices
 * test-model ratio 2, completion ratio 3, cache ratio 0.5 (cache-model); fixed-model $0.01 per
 * call; group vip ratio 1.5. Per test a fresh payer with START quota, no channels, RetryTimes 0.
 */
export function useRelayBilling() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    root: undefined as unknown as ApiClient,
    userId: 0,

    client: (apiKey: string) =>
      new OpenAI({ apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0, timeout: 20_000 }),
    /** A channel keyed `key` serving the three test models to both groups. */
    channel: (key: string, extra: Partial<Parameters<typeof addChannel>[1]> = {}) =>
      addChannel(h.gw, {
        key,
        baseUrl: h.upstream.url,
        models: ['test-model', 'fixed-model', 'cache-model'],
        groups: ['default', 'vip'],
        ...extra,
      }),
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    const options: Record<string, string> = {
      ModelRatio: JSON.stringify({ 'test-model': 2, 'cache-model': 2 }),
      CompletionRatio: JSON.stringify({ 'test-model': 3, 'cache-model': 3 }),
      CacheRatio: JSON.stringify({ 'cache-model': 0.5 }),
      ModelPrice: JSON.stringify({ 'fixed-model': 0.01 }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
      UserUsableGroups: JSON.stringify({ default: 'default', vip: 'vip' }),
    };
    for (const [key, value] of Object.entries(options)) {
      const res = await h.root.put('/api/option/', { key, value });
      expect(res.body.success, res.body.message).toBe(true);
    }
  });

  afterAll(async () => {
    await h.gw.stop();
    await h.upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    // A fresh payer per test keeps used_quota and request_count assertions independent.
    const user = await registerAndLogin(h.gw.url, `payer${n++}`);
    h.userId = user.userId!;
    h.upstream.reset();
    await removeAllChannels(h.gw);
    await setUserQuota(h.gw, h.userId, START);
    await h.root.put('/api/option/', { key: 'RetryTimes', value: '0' });
  });

  return h;
}
