import { hostedClaudeBody } from '../anthropic/hosted-body.js';
import { chooseModel, geminiBody } from '../gemini/request.js';
import type { InboundRequest, UpstreamRequest, UpstreamTarget } from '../types.js';
import { vertexCredentials, type ServiceAccount } from './access-token.js';
import { vertexRegion, vertexHost } from './region.js';

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

const NO_GEMINI = { versions: {}, safety: {}, thinkingAdapter: false, thinkingBudgetShare: 0.6 };

/** Vertex names Anthropic's dated models `<name>@<date>`; 3.5 Sonnet's second release is `-v2`. */
const CLAUDE_IDS: Readonly<Record<string, string>> = {
  'claude-3-5-sonnet-20241022': 'claude-3-5-sonnet-v2@20241022',
};

export function vertexClaudeModel(model: string): string {
  const known = CLAUDE_IDS[model];
  if (known) return known;
  if (model.includes('@')) return model;
  return model.replace(/-(\d{8})$/, '@$1');
}

/** Whether a model is one of Anthropic's, served by Vertex's anthropic publisher. */
export const isVertexClaude = (model: string) => model.startsWith('claude');

/** `<host>/v1/projects/<project>/locations/<region>/publishers/<publisher>/models/<model>`. */
function modelUrl(target: UpstreamTarget, account: ServiceAccount, publisher: string, model: string) {
  const region = vertexRegion(target.channel.other, target.upstreamModel);
  const base = target.channel.baseUrl || vertexHost(region);
  const project = encodeURIComponent(account.projectId);
  // `@` stays as is: Claude's ids on Vertex are `<name>@<date>`, written so in Google's URLs.
  const id = encodeURIComponent(model).replaceAll('%40', '@');
  return `${base}/v1/projects/${project}/locations/${region}/publishers/${publisher}/models/${id}`;
}

function headers(token: string, target: UpstreamTarget, stream: boolean): Record<string, string> {
  const out: Record<string, string> = {
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
    authorization: `Bearer ${token}`,
  };
  for (const [name, value] of Object.entries(target.channel.headers)) out[name.toLowerCase()] = value;
  return out;
}

function maxOutputTokens(body: Record<string, unknown>): number {
  const value = (body.generationConfig as { maxOutputTokens?: unknown } | undefined)?.maxOutputTokens;
  return typeof value === 'number' && value > 0 ? value : 0;
}

/** Google's models: Gemini's own body (thinking adapter, safety settings) on Vertex's address. */
export async function vertexGeminiRequest(
  inbound: InboundRequest,
  target: UpstreamTarget,
): Promise<UpstreamRequest> {
  const { account, token } = await vertexCredentials(target.channel.key);
  const settings = target.gemini ?? NO_GEMINI;
  const { model } = chooseModel(target.upstreamModel, maxOutputTokens(inbound.body ?? {}), settings);
  const method = inbound.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return {
    url: `${modelUrl(target, account, 'google', model)}:${method}`,
    method: 'POST',
    headers: headers(token, target, inbound.stream),
    body: geminiBody(inbound, target),
  };
}

/** Anthropic's body without `model`, with `anthropic_version: vertex-2023-10-16`. */
export function vertexClaudeBody(inbound: InboundRequest, target: UpstreamTarget): string {
  const { model: _model, ...rest } = hostedClaudeBody(inbound, target);
  // streamRawPredict streams only when the body says so too.
  return JSON.stringify({ anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest, stream: inbound.stream });
}

/** Anthropic's models: `:rawPredict`, or `:streamRawPredict` (an Anthropic SSE stream). */
export async function vertexClaudeRequest(
  inbound: InboundRequest,
  target: UpstreamTarget,
): Promise<UpstreamRequest> {
  const { account, token } = await vertexCredentials(target.channel.key);
  const model = vertexClaudeModel(String(hostedClaudeBody(inbound, target).model ?? target.upstreamModel));
  const method = inbound.stream ? 'streamRawPredict' : 'rawPredict';
  return {
    url: `${modelUrl(target, account, 'anthropic', model)}:${method}`,
    method: 'POST',
    headers: headers(token, target, inbound.stream),
    body: vertexClaudeBody(inbound, target),
  };
}
