import type { Usage } from '../billing/pricing.js';

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/** Cheap pre-check: only `response.done` events carry usage, and most events are audio deltas. */
const DONE = /"type"\s*:\s*"response\.done"/;

/**
 * The usage of one Realtime `response.done` event (input includes the cached tokens, text and
 * audio alike); null for any other event.
 */
export function realtimeUsage(data: string): Usage | null {
  if (!DONE.test(data)) return null;
  let event: { type?: unknown; response?: { usage?: Record<string, unknown> | null } };
  try {
    event = JSON.parse(data) as typeof event;
  } catch {
    return null;
  }
  const usage = event.type === 'response.done' ? event.response?.usage : null;
  if (!usage) return null;
  const input = usage.input_token_details as { cached_tokens?: unknown; audio_tokens?: unknown } | undefined;
  const output = usage.output_token_details as { audio_tokens?: unknown } | undefined;
  return {
    promptTokens: n(usage.input_tokens),
    completionTokens: n(usage.output_tokens),
    cachedTokens: n(input?.cached_tokens),
    cacheCreationTokens: 0,
    audioPromptTokens: n(input?.audio_tokens),
    audioCompletionTokens: n(output?.audio_tokens),
  };
}

export function addUsage(total: Usage, more: Usage): Usage {
  return {
    promptTokens: total.promptTokens + more.promptTokens,
    completionTokens: total.completionTokens + more.completionTokens,
    cachedTokens: total.cachedTokens + more.cachedTokens,
    cacheCreationTokens: total.cacheCreationTokens + more.cacheCreationTokens,
    audioPromptTokens: (total.audioPromptTokens ?? 0) + (more.audioPromptTokens ?? 0),
    audioCompletionTokens: (total.audioCompletionTokens ?? 0) + (more.audioCompletionTokens ?? 0),
  };
}
