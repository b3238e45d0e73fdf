import { upstreamBody } from '../openai/request-body.js';
import type { InboundRequest, UpstreamRequest, UpstreamTarget } from '../types.js';
import { vertexCredentials } from './access-token.js';
import { vertexHost, vertexRegion } from './region.js';

/** Meta's Llama models, served by Vertex's OpenAI-compatible Model-as-a-Service endpoint. */
export const isVertexLlama = (model: string) => model.startsWith('meta/llama');

/**
 * `<host>/v1beta1/projects/<project>/locations/<region>/endpoints/openapi/chat/completions`, with
 * the OpenAI chat body (the model keeps its `meta/` publisher prefix) and the service account's
 * OAuth token as Bearer.
 */
export async function vertexLlamaRequest(
  inbound: InboundRequest,
  target: UpstreamTarget,
): Promise<UpstreamRequest> {
  const { account, token } = await vertexCredentials(target.channel.key);
  const region = vertexRegion(target.channel.other, target.upstreamModel);
  const base = target.channel.baseUrl || vertexHost(region);
  const project = encodeURIComponent(account.projectId);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: inbound.stream ? 'text/event-stream' : 'application/json',
    authorization: `Bearer ${token}`,
  };
  for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
  return {
    url: `${base}/v1beta1/projects/${project}/locations/${region}/endpoints/openapi/chat/completions`,
    method: 'POST',
    headers,
    body: upstreamBody(inbound, target),
  };
}
