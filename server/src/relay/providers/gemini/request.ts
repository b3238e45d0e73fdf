import { channelTypeInfo } from '@gateway/contract';
import type { GeminiSettings, InboundRequest, UpstreamTarget } from '../types.js';

const NO_SETTINGS: GeminiSettings = {
  versions: { default: 'v1beta' },
  safety: {},
  thinkingAdapter: false,
  thinkingBudgetShare: 0.6,
};

/** The categories gemini.safety_settings can set (a `default` entry covers the rest). */
export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

/** `-thinking`, `-thinking-<budget>` and `-nothinking` model suffixes of the thinking adapter. */
const THINKING = /-(nothinking|thinking(?:-(\d+))?)$/;

interface ModelChoice {
  model: string;
  /** undefined: leave the request's thinking alone. */
  thinking?: { thinkingBudget?: number; includeThoughts?: boolean };
}

/**
 * The model sent upstream, with the thinking adapter applied: `<m>-thinking` thinks with a budget
 * of maxOutputTokens × share (Gemini's dynamic budget when no limit was given),
 * `<m>-thinking-<n>` with budget n, `<m>-nothinking` with none.
 */
export function chooseModel(
  upstreamModel: string,
  maxOutputTokens: number,
  settings: GeminiSettings,
): ModelChoice {
  const m = settings.thinkingAdapter ? THINKING.exec(upstreamModel) : null;
  if (!m) return { model: upstreamModel };
  const model = upstreamModel.slice(0, -m[0].length);
  if (m[1] === 'nothinking') return { model, thinking: { thinkingBudget: 0 } };
  const budget =
    m[2] !== undefined
      ? Number(m[2])
      : maxOutputTokens > 0
        ? Math.floor(maxOutputTokens * settings.thinkingBudgetShare)
        : -1;
  return { model, thinking: { thinkingBudget: budget, includeThoughts: true } };
}

function maxOutputTokens(body: Record<string, unknown>): number {
  const value = (body.generationConfig as { maxOutputTokens?: unknown } | undefined)?.maxOutputTokens;
  return typeof value === 'number' && value > 0 ? value : 0;
}

/** `<base>/<version>/models/<model>:<method>`, the version from gemini.version_settings. */
export function geminiMethodUrl(target: UpstreamTarget, model: string, method: string): string {
  const settings = target.gemini ?? NO_SETTINGS;
  const base = target.channel.baseUrl || channelTypeInfo(target.channel.type)?.baseUrl || '';
  const version = settings.versions[model] ?? settings.versions.default ?? 'v1beta';
  return `${base}/${version}/models/${encodeURIComponent(model)}:${method}`;
}

/** `<base>/<version>/models/<model>:generateContent`, or `:streamGenerateContent?alt=sse`. */
export function geminiUrl(inbound: InboundRequest, target: UpstreamTarget): string {
  const settings = target.gemini ?? NO_SETTINGS;
  const { model } = chooseModel(target.upstreamModel, maxOutputTokens(inbound.body ?? {}), settings);
  const method = inbound.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return geminiMethodUrl(target, model, method);
}

/** The key travels in a header, never in the URL, so no address can leak it. */
export function geminiHeaders(inbound: InboundRequest, target: UpstreamTarget): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: inbound.stream ? 'text/event-stream' : 'application/json',
    'x-goog-api-key': target.channel.key,
  };
  for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
  return headers;
}

/**
 * Thinking budgets for an OpenAI client's reasoning effort (Gemini 2.5's range: Flash thinks up
 * to 24576 tokens; Pro needs at least 128). A thinking config the request already has is kept.
 */
export const EFFORT_THINKING_BUDGET: Readonly<Record<string, number>> = {
  low: 1024,
  medium: 8192,
  high: 24576,
};

function effortThinking(inbound: InboundRequest, body: Record<string, unknown>): ModelChoice['thinking'] {
  const budget = inbound.reasoningEffort ? EFFORT_THINKING_BUDGET[inbound.reasoningEffort] : undefined;
  if (budget === undefined) return undefined;
  const config = body.generationConfig as { thinkingConfig?: unknown } | undefined;
  if (config?.thinkingConfig) return undefined;
  return { thinkingBudget: budget, includeThoughts: true };
}

function safetySettings(settings: GeminiSettings) {
  const fallback = settings.safety.default;
  const out: Array<{ category: string; threshold: string }> = [];
  for (const category of SAFETY_CATEGORIES) {
    const threshold = settings.safety[category] ?? fallback;
    if (threshold) out.push({ category, threshold });
  }
  return out;
}

/**
 * The body sent to Gemini. A Gemini client's bytes pass unchanged (the model is in the URL) unless
 * the thinking adapter or param_override applies; a request converted from another format gets
 * the operator's gemini.safety_settings.
 */
export function geminiBody(inbound: InboundRequest, target: UpstreamTarget): string | Buffer {
  if (target.passThrough) return inbound.raw;
  const body = inbound.body ?? {};
  const settings = target.gemini ?? NO_SETTINGS;
  const thinking =
    chooseModel(target.upstreamModel, maxOutputTokens(body), settings).thinking ??
    effortThinking(inbound, body);
  const safety = inbound.converted && body.safetySettings === undefined ? safetySettings(settings) : [];
  if (!thinking && !target.channel.paramOverride && safety.length === 0) return inbound.raw;
  const out: Record<string, unknown> = { ...body };
  if (safety.length > 0) out.safetySettings = safety;
  if (thinking) {
    const config = (out.generationConfig ?? {}) as Record<string, unknown>;
    out.generationConfig = {
      ...config,
      thinkingConfig: { ...(config.thinkingConfig as object), ...thinking },
    };
  }
  if (target.channel.paramOverride) Object.assign(out, target.channel.paramOverride);
  return JSON.stringify(out);
}
