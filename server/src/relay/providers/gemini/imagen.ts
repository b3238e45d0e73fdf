import type { InboundRequest, ParsedResponse, UpstreamRequest, UpstreamTarget } from '../types.js';
import { geminiHeaders, geminiMethodUrl } from './request.js';

/** OpenAI sizes → Imagen aspect ratios (Imagen has no pixel sizes; other sizes get 1:1). */
const ASPECT_RATIO: Record<string, string> = {
  '1024x1024': '1:1',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
  '1536x1024': '3:2',
  '1024x1536': '2:3',
};

/** OpenAI images/generations → Imagen's `:predict` ({instances:[{prompt}], parameters}). */
export function imagenRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest {
  const body = inbound.body ?? {};
  const count = typeof body.n === 'number' && body.n > 0 ? Math.trunc(body.n) : 1;
  const size = typeof body.size === 'string' ? body.size : '1024x1024';
  const out: Record<string, unknown> = {
    instances: [{ prompt: String(body.prompt ?? '') }],
    parameters: { sampleCount: count, aspectRatio: ASPECT_RATIO[size] ?? '1:1' },
    ...target.channel.paramOverride,
  };
  return {
    url: geminiMethodUrl(target, target.upstreamModel, 'predict'),
    method: 'POST',
    headers: geminiHeaders(inbound, target),
    body: JSON.stringify(out),
  };
}

/**
 * `{predictions:[{bytesBase64Encoded, mimeType}]}` → OpenAI's `{created, data:[{b64_json}]}`.
 * Imagen returns no URLs, so images always come back as base64 whatever response_format said.
 * Images filtered for safety come back as predictions without bytes: they are left out.
 */
export function parseImagenAnswer(json: Record<string, unknown>): ParsedResponse {
  const predictions = Array.isArray(json.predictions)
    ? (json.predictions as Array<{ bytesBase64Encoded?: unknown }>)
    : [];
  const data = predictions
    .filter((p) => typeof p.bytesBase64Encoded === 'string')
    .map((p) => ({ b64_json: p.bytesBase64Encoded as string }));
  const out = { created: Math.floor(Date.now() / 1000), data };
  return {
    body: Buffer.from(JSON.stringify(out)),
    contentType: 'application/json',
    usage: null,
    text: () => '',
  };
}
