import type { IncomingHttpHeaders } from 'node:http';
import { baiduTokenClient } from './baidu/accounts.js';
import type { ScenarioSpec } from './types.js';
import { zhipuTokenKeyId } from './zhipu/keys.js';

/** The outcome of picking a scenario for one request. */
export interface ResolvedScenario {
  spec: ScenarioSpec;
  /** True when this request must fail with `spec.error` (or the default 500). */
  fail: boolean;
  /** True when the key has its own registration (so the `invalid*` rule does not apply). */
  registered: boolean;
}

/**
 * The key the gateway authenticated with, in the places providers expect it: OpenAI and most
 * compatible providers use `Authorization: Bearer`, Azure `api-key`, Anthropic `x-api-key`,
 * Gemini `x-goog-api-key` or `?key=`. Reading all of them keeps scenario selection provider-neutral.
 */
export function extractKey(headers: IncomingHttpHeaders, query: Record<string, string>): string {
  const auth = headers.authorization;
  if (auth) {
    // AWS SigV4 and Tencent's TC3 name the access key id; the fake Google's tokens name their
    // service account.
    const aws = /^(?:AWS4|TC3)-HMAC-SHA256 Credential=([^/]+)\//.exec(auth);
    if (aws) return aws[1];
    const match = /^Bearer\s+(.*)$/i.exec(auth);
    const token = (match ? match[1] : auth).trim();
    // Zhipu v3's JWT names its key id.
    return /^ya29\.fake\.\d+\.(.+)$/.exec(token)?.[1] ?? zhipuTokenKeyId(token) ?? token;
  }
  for (const name of ['api-key', 'x-api-key', 'x-goog-api-key']) {
    const value = headers[name];
    if (typeof value === 'string' && value) return value.trim();
  }
  // Baidu's access tokens (issued by the fake) name their client id.
  if (query.access_token) return baiduTokenClient(query.access_token) ?? query.access_token;
  return query.key ?? '';
}

interface Entry {
  /** Remaining specs; the last one stays once reached. */
  queue: ScenarioSpec[];
}

/**
 * Scenario registry. `failTimes` is counted per key and per spec object, so re-registering a key
 * (or moving on in a sequence) starts a fresh count, and keys sharing the default spec do not
 * consume each other's failures.
 */
export class ScenarioBook {
  private entries = new Map<string, Entry>();
  private failures = new Map<string, { spec: ScenarioSpec; count: number }>();

  constructor(private fallback: ScenarioSpec = {}) {}

  set(key: string, spec: ScenarioSpec): void {
    this.sequence(key, [spec]);
  }

  sequence(key: string, specs: ScenarioSpec[]): void {
    if (specs.length === 0) throw new Error('fake upstream: a scenario sequence needs at least one spec');
    this.entries.set(key, { queue: [...specs] });
    this.failures.delete(key);
  }

  setDefault(spec: ScenarioSpec): void {
    this.fallback = spec;
  }

  reset(): void {
    this.entries.clear();
    this.failures.clear();
  }

  /** Picks the spec for one request and advances sequences and failure counters. */
  resolve(key: string): ResolvedScenario {
    const entry = this.entries.get(key);
    let spec = this.fallback;
    if (entry) {
      spec = entry.queue.length > 1 ? entry.queue.shift()! : entry.queue[0];
    }
    return { spec, fail: this.shouldFail(key, spec), registered: entry !== undefined };
  }

  private shouldFail(key: string, spec: ScenarioSpec): boolean {
    if (spec.failTimes === undefined) return spec.error !== undefined;
    let state = this.failures.get(key);
    if (!state || state.spec !== spec) {
      state = { spec, count: 0 };
      this.failures.set(key, state);
    }
    if (state.count >= spec.failTimes) return false;
    state.count += 1;
    return true;
  }
}
