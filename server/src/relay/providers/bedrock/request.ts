import { HttpRequest } from '@smithy/protocol-http';
import { hostedClaudeBody } from '../anthropic/hosted-body.js';
import { claudeHeaders } from '../anthropic/request.js';
import type { InboundRequest, UpstreamRequest, UpstreamTarget } from '../types.js';
import { awsKey } from './credentials.js';
import { bedrockModelId } from './model-ids.js';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
export const EVENT_STREAM_TYPE = 'application/vnd.amazon.eventstream';

/** `https://bedrock-runtime.<region>.amazonaws.com`, unless the channel sets its own base URL. */
export function bedrockBase(target: UpstreamTarget): string {
  return (
    target.channel.baseUrl || `https://bedrock-runtime.${awsKey(target.channel.key).region}.amazonaws.com`
  );
}

/** InvokeModel, or InvokeModelWithResponseStream, for the mapped model. */
export function bedrockUrl(inbound: InboundRequest, target: UpstreamTarget): string {
  const model = bedrockModelId(anthropicModel(inbound, target));
  const method = inbound.stream ? 'invoke-with-response-stream' : 'invoke';
  return `${bedrockBase(target)}/model/${encodeURIComponent(model)}/${method}`;
}

/** The model the Anthropic body names (after model_mapping and the thinking adapter). */
function anthropicModel(inbound: InboundRequest, target: UpstreamTarget): string {
  return String(hostedClaudeBody(inbound, target).model ?? target.upstreamModel);
}

/**
 * Bedrock's body: Anthropic's, with `anthropic_version: bedrock-2023-05-31` and without `model`
 * and `stream` (both are in the URL). Beta flags travel as `anthropic_beta`, as Bedrock reads them.
 */
export function bedrockBody(inbound: InboundRequest, target: UpstreamTarget): string {
  const { model: _model, stream: _stream, ...rest } = hostedClaudeBody(inbound, target);
  const out: Record<string, unknown> = { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest };
  const beta = claudeHeaders(inbound, target)['anthropic-beta'];
  if (beta && out.anthropic_beta === undefined) out.anthropic_beta = beta.split(',').map((b) => b.trim());
  return JSON.stringify(out);
}

/** The whole request, signed with SigV4 by the channel's key (service `bedrock`). */
export async function bedrockRequest(
  inbound: InboundRequest,
  target: UpstreamTarget,
): Promise<UpstreamRequest> {
  const accept = inbound.stream ? EVENT_STREAM_TYPE : 'application/json';
  return signedBedrockPost(target, bedrockUrl(inbound, target), bedrockBody(inbound, target), accept);
}

/** A POST of `body` to `url` with the channel's headers, signed with SigV4 by the channel's key. */
export async function signedBedrockPost(
  target: UpstreamTarget,
  address: string,
  body: string,
  accept = 'application/json',
): Promise<UpstreamRequest> {
  const key = awsKey(target.channel.key);
  const url = new URL(address);
  const headers: Record<string, string> = { host: url.host, 'content-type': 'application/json', accept };
  for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
  const signed = await key.signer.sign(
    new HttpRequest({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      headers,
      body,
    }),
  );
  return { url: url.toString(), method: 'POST', headers: signed.headers, body };
}
