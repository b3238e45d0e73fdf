import { addChannel, type FakeUpstream } from '@gateway/test-support';
import { useRelaySuite } from './relay-suite.js';

export const START = 1_000_000;
export const CLAUDE = 'claude-3-5-sonnet-20241022';
export const GEMINI = 'gemini-2.0-flash';
export const LLAMA = 'meta/llama-3.1-405b-instruct-maas';
export const CLAUDE_USAGE = { prompt: 100, completion: 20, cached: 40, cacheCreation: 10 };
export const CLAUDE_QUOTA = (100 + 40 * 0.5 + 10 * 1.25 + 20 * 3) * 2; // 385
// Gemini's promptTokenCount (100) includes its 40 cached tokens.
export const GEMINI_USAGE = { prompt: 100, completion: 20, cached: 40 };
export const GEMINI_QUOTA = (60 + 40 * 0.5 + 20 * 3) * 2; // 280

/**
 * The shared setup of the Vertex AI suites (useRelaySuite): the three models priced ratio 2,
 * completion ratio 3, cache ratio 0.5, RetryTimes 0, automatic channel disabling on; per test a
 * fresh user with START quota and a token, no channels.
 */
export function useVertex() {
  const prices = (value: number) => JSON.stringify({ [CLAUDE]: value, [GEMINI]: value, [LLAMA]: value });
  const suite = useRelaySuite({
    options: {
      ModelRatio: prices(2),
      CompletionRatio: prices(3),
      CacheRatio: prices(0.5),
      RetryTimes: '0',
      AutomaticDisableChannelEnabled: 'true',
    },
    userPrefix: 'vertex',
    startQuota: START,
    tokenQuota: 100_000,
  });
  return Object.assign(suite, {
    /** A Vertex channel on a fresh service account; scenarios are keyed by its client_email. */
    async vertexChannel(spec: Parameters<FakeUpstream['scenario']>[1], other = 'us-east5') {
      const account = suite.upstream.google.createServiceAccount('proj-1');
      suite.upstream.scenario(account.email, spec);
      const id = await addChannel(suite.gw, {
        type: 41,
        name: `vertex-${account.email}`,
        key: account.key,
        baseUrl: suite.upstream.url,
        other,
        models: [CLAUDE, GEMINI, LLAMA],
      });
      return { id, email: account.email };
    },
  });
}
