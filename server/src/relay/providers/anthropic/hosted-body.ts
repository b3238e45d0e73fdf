import type { InboundRequest, UpstreamTarget } from '../types.js';
import { claudeBody } from './request.js';

/** By request and attempt: a retry on another channel may map the model differently. */
const bodies = new WeakMap<InboundRequest, WeakMap<UpstreamTarget, Record<string, unknown>>>();

/**
 * The Messages body as Anthropic's own API would get it (default max_tokens, thinking adapter,
 * param_override), as an object, for clouds that host Claude (Bedrock, Vertex AI): they name the
 * model in the URL and want their own `anthropic_version`, so the client's bytes never pass as
 * they are. Computed once per attempt: URL and body both read it.
 */
export function hostedClaudeBody(inbound: InboundRequest, target: UpstreamTarget): Record<string, unknown> {
  let byTarget = bodies.get(inbound);
  if (!byTarget) bodies.set(inbound, (byTarget = new WeakMap()));
  let body = byTarget.get(target);
  if (!body) {
    const out = claudeBody(inbound, { ...target, passThrough: false });
    body = JSON.parse(out.toString()) as Record<string, unknown>;
    byTarget.set(target, body);
  }
  return body;
}
