import { addChannel, type FakeUpstream } from '@gateway/test-support';
import { useRelaySuite } from './relay-suite.js';

type Spec = Parameters<FakeUpstream['scenario']>[1];

export const START = 1_000_000;
export const USAGE = { prompt: 100, completion: 20 };
/** Chat models are priced ratio 2, completion ratio 3: (100 + 20 × 3) × 2. */
export const QUOTA = 320;

/**
 * The shared setup of the Baidu (15), Zhipu (16) and Tencent Hunyuan (23) suites (useRelaySuite):
 * `chatModels` priced ratio 2 / completion ratio 3 and `embeddingModels` ratio 1, a fresh user and
 * token per test, and channels on credentials the fake issues (so it checks them).
 */
export function useCnNatives(chatModels: string[], embeddingModels: string[]) {
  const ratio = (models: string[], value: number) => Object.fromEntries(models.map((m) => [m, value]));
  const suite = useRelaySuite({
    options: {
      ModelRatio: JSON.stringify({ ...ratio(chatModels, 2), ...ratio(embeddingModels, 1) }),
      CompletionRatio: JSON.stringify(ratio(chatModels, 3)),
      RetryTimes: '1',
    },
    userPrefix: `cn${chatModels[0]!.replace(/\W/g, '').slice(0, 8)}`,
    startQuota: START,
    tokenQuota: 100_000,
  });
  return Object.assign(suite, {
    /** A channel on fresh credentials; scenarios are keyed by the client id / key id / SecretId. */
    async channel(type: 15 | 16 | 23, spec: Spec, models: string[], priority = 0) {
      const cn = suite.upstream.cn;
      const creds =
        type === 15
          ? (({ key, clientId }) => ({ key, scenarioKey: clientId }))(cn.baidu.create())
          : type === 16
            ? (({ key, id }) => ({ key, scenarioKey: id }))(cn.zhipu.create())
            : (({ key, secretId }) => ({ key, scenarioKey: secretId }))(cn.hunyuan.create());
      suite.upstream.scenario(creds.scenarioKey, spec);
      const id = await addChannel(suite.gw, {
        type,
        key: creds.key,
        baseUrl: suite.upstream.url,
        models,
        priority,
      });
      return { id, ...creds };
    },

    /** A streamed OpenAI chat call with usage asked for: the text and the final usage. */
    async streamText(model: string) {
      const stream = await suite.openai().chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const { text, usage } = await suite.readStream(stream);
      return { text, usage };
    },
  });
}
