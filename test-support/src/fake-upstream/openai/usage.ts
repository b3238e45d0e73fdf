import type { ScenarioSpec } from '../types.js';

/** Final usage numbers of one reply, after applying the scenario's pinned values. */
export interface UsageNumbers {
  prompt: number;
  completion: number;
  cached: number;
  reasoning: number;
  audioPrompt: number;
  audioCompletion: number;
  total: number;
  extra: Record<string, unknown>;
}

/**
 * Pinned values win over what the fake computed from the request and reply; null means the
 * scenario wants no usage at all (`usage: 'none'`).
 */
export function resolveUsage(
  spec: ScenarioSpec,
  computed: { prompt: number; completion: number; reasoning?: number },
): UsageNumbers | null {
  if (spec.usage === 'none') return null;
  const pinned = spec.usage ?? {};
  const prompt = pinned.prompt ?? computed.prompt;
  const completion = pinned.completion ?? computed.completion;
  return {
    prompt,
    completion,
    cached: pinned.cached ?? 0,
    reasoning: pinned.reasoning ?? computed.reasoning ?? 0,
    audioPrompt: pinned.audioPrompt ?? 0,
    audioCompletion: pinned.audioCompletion ?? 0,
    total: pinned.total ?? prompt + completion,
    extra: pinned.extra ?? {},
  };
}

/** The usage object of chat.completion and completion replies, with today's detail blocks. */
export function chatUsageJson(usage: UsageNumbers): Record<string, unknown> {
  return {
    prompt_tokens: usage.prompt,
    completion_tokens: usage.completion,
    total_tokens: usage.total,
    prompt_tokens_details: { cached_tokens: usage.cached, audio_tokens: usage.audioPrompt },
    completion_tokens_details: {
      reasoning_tokens: usage.reasoning,
      audio_tokens: usage.audioCompletion,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
    ...usage.extra,
  };
}

/** Embeddings (and similar input-only endpoints) report prompt and total only. */
export function inputUsageJson(usage: UsageNumbers): Record<string, unknown> {
  return { prompt_tokens: usage.prompt, total_tokens: usage.total, ...usage.extra };
}
