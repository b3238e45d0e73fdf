import type { Usage } from '../../billing/pricing.js';
import type { ReportedUsage } from '../../providers/types.js';

interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  input_tokens?: number;
  output_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number } | null;
  completion_tokens_details?: { audio_tokens?: number } | null;
  input_tokens_details?: { cached_tokens?: number } | null;
  /** DeepSeek reports cache hits here. */
  prompt_cache_hit_tokens?: number;
}

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/** Usage from an OpenAI-style `usage` object; null when it carries no token counts. */
export function readUsage(raw: unknown): ReportedUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as OpenAIUsage;
  const prompt = n(u.prompt_tokens ?? u.input_tokens);
  const completion = n(u.completion_tokens ?? u.output_tokens);
  const total = n(u.total_tokens);
  if (prompt === 0 && completion === 0 && total === 0) return null;
  const cached = n(
    u.prompt_tokens_details?.cached_tokens ??
      u.input_tokens_details?.cached_tokens ??
      u.prompt_cache_hit_tokens,
  );
  // Embeddings and rerank report only a total: it is all prompt.
  const usage: ReportedUsage = {
    promptTokens: prompt === 0 && completion === 0 ? total : prompt,
    completionTokens: completion,
    cachedTokens: cached,
    cacheCreationTokens: 0,
    totalTokens: total,
  };
  // gpt-4o-audio models: the audio part is priced apart.
  const audioIn = n(u.prompt_tokens_details?.audio_tokens);
  const audioOut = n(u.completion_tokens_details?.audio_tokens);
  if (audioIn) usage.audioPromptTokens = audioIn;
  if (audioOut) usage.audioCompletionTokens = audioOut;
  return usage;
}

/** The usage object we write into a synthesized final stream chunk. */
export function writeUsage(usage: Usage) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    ...(usage.cachedTokens ? { prompt_tokens_details: { cached_tokens: usage.cachedTokens } } : {}),
  };
}
