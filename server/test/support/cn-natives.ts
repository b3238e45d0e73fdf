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

type Spec = Parameters<FakeUpstream['scenario']>[1];

export const START = 1_000_000;
export const USAGE = { prompt: 100, completion: 20 };
/** Chat models are priced ratio 2, completion ratio 3: (100 + 20 × 3) × 2. */
export const QUOTA = 320;

/**
 * The shared setup of the Baidu (15), Zhipu (16) and Tencent Hunyuan (23) suites: a gateway and a
 * fake upstream, `chatModels` priced ratio 2 / completion ratio 3 and `embeddingModels` ratio 1, a
 * fresh user and token per test, and channels on credentials the fake issues (so it checks them).
 */
export function useCnNatives(chatModels: string[], embeddingModels: string[]) {
  const h = {
    gw: undefined as unknown as RunningGateway,
    upstream: undefined as unknown as FakeUpstream,
    root: undefined as unknown as ApiClient,
    userId: 0,
    token: { id: 0, apiKey: '' },

    /** A channel on fresh credentials; scenarios are keyed by the client id / key id / SecretId. */
    async channel(type: 15 | 16 | 23, spec: Spec, models: string[], priority = 0) {
      const cn = h.upstream.cn;
      const creds =
        type === 15
          ? (({ key, clientId }) => ({ key, scenarioKey: clientId }))(cn.baidu.create())
          : type === 16
            ? (({ key, id }) => ({ key, scenarioKey: id }))(cn.zhipu.create())
            : (({ key, secretId }) => ({ key, scenarioKey: secretId }))(cn.hunyuan.create());
      h.upstream.scenario(creds.scenarioKey, spec);
      const id = await addChannel(h.gw, { type, key: creds.key, baseUrl: h.upstream.url, models, priority });
      return { id, ...creds };
    },

    async expectCharged(channelId: number, quota: number, stream: boolean) {
      const b = await balances(h.gw, h.userId, h.token.id);
      expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
      expect(b.token).toEqual({ remain_quota: 100_000 - quota, used_quota: quota });
      expect(await channelUsedQuota(h.gw, channelId)).toBe(quota);
      const logs = await consumeLogs(h.gw, h.userId);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ quota, is_stream: stream ? 1 : 0, channel_id: channelId });
    },

    async expectNothingCharged(channelId: number) {
      expect(await channelUsedQuota(h.gw, channelId)).toBe(0);
      expect((await balances(h.gw, h.userId, h.token.id)).user.quota).toBe(START);
    },

    openai: () => new OpenAI({ apiKey: h.token.apiKey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 }),
    anthropic: () => new Anthropic({ apiKey: h.token.apiKey, baseURL: h.gw.url, maxRetries: 0 }),

    /** A streamed OpenAI chat call with usage asked for: the text and the final usage. */
    async streamText(model: string) {
      const stream = await h.openai().chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        usage = chunk.usage ?? usage;
      }
      return { text, usage };
    },
  };

  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    const ratio = (models: string[], value: number) => Object.fromEntries(models.map((m) => [m, value]));
    await putOptions(h.root, {
      ModelRatio: JSON.stringify({ ...ratio(chatModels, 2), ...ratio(embeddingModels, 1) }),
      CompletionRatio: JSON.stringify(ratio(chatModels, 3)),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await h.gw?.stop();
    await h.upstream?.close();
  });

  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(h.gw.url, `cn${chatModels[0]!.replace(/\W/g, '').slice(0, 8)}${n++}`);
    h.userId = user.userId!;
    await setUserQuota(h.gw, h.userId, START);
    h.token = await addToken(h.gw, h.userId, { remainQuota: 100_000 });
    h.upstream.reset();
    await removeAllChannels(h.gw);
  });

  return h;
}
