import type { HubUsage } from '../hub.js';

/**
 * Anthropic usage. `input_tokens` excludes the cache: cache reads and writes are reported apart.
 * In hub terms (and for billing) the prompt is all three, with reads and writes as its parts.
 */
export interface AnthropicUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

export function anthropicUsageToHub(raw: unknown): HubUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as AnthropicUsage;
  const cached = n(u.cache_read_input_tokens);
  const creation = n(u.cache_creation_input_tokens);
  const prompt = n(u.input_tokens) + cached + creation;
  const completion = n(u.output_tokens);
  if (prompt === 0 && completion === 0) return null;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: cached,
    cacheCreationTokens: creation,
  };
}

export function anthropicUsageFromHub(usage: HubUsage): Required<AnthropicUsage> {
  const cached = Math.min(usage.cachedTokens, usage.promptTokens);
  const creation = Math.min(usage.cacheCreationTokens, usage.promptTokens - cached);
  return {
    input_tokens: usage.promptTokens - cached - creation,
    output_tokens: usage.completionTokens,
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: creation,
  };
}
