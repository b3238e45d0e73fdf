import { channelTypeInfo } from '@gateway/contract';
import type { ClaudeSettings, InboundRequest, UpstreamTarget } from '../types.js';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_MAX_TOKENS = 8192;
const THINKING_SUFFIX = '-thinking';
/** Anthropic's smallest thinking budget; the budget must also stay below max_tokens. */
const THINKING_MIN_BUDGET = 1024;
const THINKING_MIN_MAX_TOKENS = 1280;

const NO_SETTINGS: ClaudeSettings = {
  modelHeaders: {},
  defaultMaxTokens: {},
  thinkingAdapter: false,
  thinkingBudgetShare: 0.8,
};

export function claudeUrl(target: UpstreamTarget): string {
  const base = target.channel.baseUrl || channelTypeInfo(target.channel.type)?.baseUrl || '';
  return `${base}/v1/messages`;
}

/**
 * x-api-key and anthropic-version (the client's, else 2023-06-01), the client's anthropic-beta,
 * then the channel's own headers, then claude.model_headers_settings for the requested model,
 * which replace headers of the same name.
 */
export function claudeHeaders(inbound: InboundRequest, target: UpstreamTarget): Record<string, string> {
  const settings = target.claude ?? NO_SETTINGS;
  const client = inbound.protocolHeaders ?? {};
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: inbound.stream ? 'text/event-stream' : 'application/json',
    'x-api-key': target.channel.key,
    'anthropic-version': client['anthropic-version'] || ANTHROPIC_VERSION,
  };
  if (client['anthropic-beta']) headers['anthropic-beta'] = client['anthropic-beta'];
  for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
  const extra = settings.modelHeaders[inbound.model] ?? settings.modelHeaders[target.upstreamModel] ?? {};
  for (const [name, value] of Object.entries(extra)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function defaultMaxTokens(settings: ClaudeSettings, inbound: InboundRequest, upstreamModel: string) {
  const table = settings.defaultMaxTokens;
  return table[upstreamModel] ?? table[inbound.model] ?? table.default ?? DEFAULT_MAX_TOKENS;
}

/**
 * The body sent to Claude: the client's bytes when nothing needs to change, else the mapped
 * model, a max_tokens default, the thinking adapter and the channel's param_override.
 */
export function claudeBody(inbound: InboundRequest, target: UpstreamTarget): string | Buffer {
  if (target.passThrough) return inbound.raw;
  const body = inbound.body ?? {};
  const settings = target.claude ?? NO_SETTINGS;
  const model = target.upstreamModel;
  const thinking = settings.thinkingAdapter && model.endsWith(THINKING_SUFFIX);
  const effort = isThinkingEffort(inbound.reasoningEffort) && !body.thinking;
  const maxTokens = typeof body.max_tokens === 'number' && body.max_tokens > 0 ? body.max_tokens : 0;
  if (body.model === model && maxTokens > 0 && !thinking && !effort && !target.channel.paramOverride) {
    return inbound.raw;
  }

  const out: Record<string, unknown> = { ...body, model };
  out.max_tokens = maxTokens || defaultMaxTokens(settings, inbound, model);
  if (thinking) {
    out.model = model.slice(0, -THINKING_SUFFIX.length);
    enableThinking(out, settings.thinkingBudgetShare);
  } else if (effort) enableThinking(out, settings.thinkingBudgetShare);
  if (target.channel.paramOverride) Object.assign(out, target.channel.paramOverride);
  return JSON.stringify(out);
}

/** The OpenAI reasoning efforts that switch Claude's extended thinking on. */
const isThinkingEffort = (effort: string | undefined) =>
  effort === 'low' || effort === 'medium' || effort === 'high';

/**
 * Extended thinking on, for `<model>-thinking` (the base model is sent) and for an OpenAI client's
 * reasoning effort (whatever its level: the budget follows the operator's share, as for the
 * suffix): a budget of max_tokens × share (max_tokens raised to 1280 first; the budget kept
 * within Anthropic's 1024 … max_tokens − 1), temperature 1 and no top_p/top_k, as Anthropic
 * requires when thinking. A thinking block the client set itself is kept.
 */
function enableThinking(out: Record<string, unknown>, share: number) {
  const maxTokens = Math.max(Number(out.max_tokens), THINKING_MIN_MAX_TOKENS);
  out.max_tokens = maxTokens;
  const budget = Math.min(Math.max(Math.floor(maxTokens * share), THINKING_MIN_BUDGET), maxTokens - 1);
  if (!out.thinking) out.thinking = { type: 'enabled', budget_tokens: budget };
  out.temperature = 1;
  delete out.top_p;
  delete out.top_k;
}
