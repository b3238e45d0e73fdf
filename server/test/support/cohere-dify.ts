import { addChannel, type FakeUpstream } from '@gateway/test-support';
import { useRelaySuite } from './relay-suite.js';

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
 * The shared setup of the Cohere (34) and Dify (37) suites (useRelaySuite): the models priced
 * (group ratio 1), RetryTimes 1, and per test a fresh user with START quota and a TOKEN_QUOTA
 * token, no channels.
 */
export function useCohereDify() {
  const suite = useRelaySuite({
    options: {
      ModelRatio: JSON.stringify({ [COHERE]: 2, [DIFY]: 1.5, [RERANK]: 3 }),
      CompletionRatio: JSON.stringify({ [COHERE]: 3, [DIFY]: 2 }),
      RetryTimes: '1',
    },
    userPrefix: 'cohere',
    startQuota: START,
    tokenQuota: TOKEN_QUOTA,
  });
  return Object.assign(suite, {
    /** A channel keyed `key` answering `spec`: Cohere lists the chat and rerank models, Dify its app. */
    async channel(type: 34 | 37, key: string, spec: Parameters<FakeUpstream['scenario']>[1], priority = 0) {
      suite.upstream.scenario(key, spec);
      const models = type === 34 ? [COHERE, RERANK] : [DIFY];
      return addChannel(suite.gw, { type, key, baseUrl: suite.upstream.url, models, priority });
    },
    streamText: suite.readStream,
  });
}
