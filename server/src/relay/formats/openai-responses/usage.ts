import type { HubUsage } from '../hub.js';

/** Responses usage: input_tokens includes the cached tokens, output_tokens the reasoning tokens. */
export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/** Hub usage from a Responses `usage` object; null when it carries no counts. */
export function responsesUsageToHub(raw: unknown): HubUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as {
    input_tokens?: unknown;
    output_tokens?: unknown;
    input_tokens_details?: { cached_tokens?: unknown } | null;
  };
  const promptTokens = n(u.input_tokens);
  const completionTokens = n(u.output_tokens);
  if (promptTokens === 0 && completionTokens === 0) return null;
  return {
    promptTokens,
    completionTokens,
    cachedTokens: n(u.input_tokens_details?.cached_tokens),
    cacheCreationTokens: 0,
  };
}

/**
 * A Responses `usage` object from hub counts. Reasoning tokens are part of the output the hub
 * counts but not reported apart by every family, so the detail says 0 when unknown.
 */
export function responsesUsageFromHub(usage: HubUsage, reasoningTokens = 0): ResponsesUsage {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}
