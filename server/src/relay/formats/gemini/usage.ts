import type { HubUsage } from '../hub.js';

/**
 * Gemini's usageMetadata. `promptTokenCount` already includes the cached part
 * (`cachedContentTokenCount`); thoughts are counted apart from the candidates but billed as
 * output by Google, so in hub terms (and for billing) the completion is candidates + thoughts.
 */
export interface GeminiUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  totalTokenCount?: number;
}

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

export function geminiUsageToHub(raw: unknown): HubUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as GeminiUsage;
  const prompt = n(u.promptTokenCount);
  const completion = n(u.candidatesTokenCount) + n(u.thoughtsTokenCount);
  if (prompt === 0 && completion === 0) return null;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: Math.min(n(u.cachedContentTokenCount), prompt),
    cacheCreationTokens: 0,
  };
}

/** The hub keeps no thoughts count of its own: every output token is reported as candidates. */
export function geminiUsageFromHub(usage: HubUsage): GeminiUsage {
  return {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: usage.completionTokens,
    totalTokenCount: usage.promptTokens + usage.completionTokens,
    ...(usage.cachedTokens ? { cachedContentTokenCount: usage.cachedTokens } : {}),
  };
}
