import { channelTypeInfo } from '@gateway/contract';
import type { InboundRequest, RelayMode, UpstreamTarget } from '../types.js';

const MODE_PATH: Record<RelayMode, string> = {
  chat: '/chat/completions',
  completions: '/completions',
  embeddings: '/embeddings',
  images: '/images/generations',
  speech: '/audio/speech',
  transcription: '/audio/transcriptions',
  translation: '/audio/translations',
  moderations: '/moderations',
  rerank: '/rerank',
  // Never sent natively: Anthropic Messages reach OpenAI upstreams converted to chat.
  messages: '/messages',
  // Never sent natively either: Gemini clients reach OpenAI upstreams converted to chat.
  gemini: '/chat/completions',
  // Never sent through adapters: Suno tasks have their own relay (relay/suno/).
  suno: '/suno/submit',
  // Sent natively only to OpenAI itself (type 1); others get Responses clients converted to chat.
  responses: '/responses',
  // A WebSocket, opened by relay/realtime/, never through this adapter.
  realtime: '/realtime',
  // Never: Midjourney submissions go through relay/midjourney/, not the chat pipeline.
  midjourney: '/mj',
  // Never sent natively: Gemini embedding calls reach OpenAI upstreams converted to embeddings.
  'gemini-embed': '/embeddings',
};

const CF_GATEWAY = 'https://gateway.ai.cloudflare.com';

/**
 * Where an OpenAI-compatible provider expects this endpoint, per its type's `urlLayout`: the usual
 * `<base>/v1/...` (with the client's query), a path prefix of its own, Azure's deployments, or a
 * full URL (Custom).
 */
export function upstreamUrl(inbound: InboundRequest, target: UpstreamTarget): string {
  const { channel, upstreamModel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  const suffix = MODE_PATH[inbound.mode];
  const query = inbound.query ? `?${inbound.query}` : '';
  const layout = channelTypeInfo(channel.type)?.urlLayout;
  if (!layout) {
    // A Cloudflare AI Gateway URL already names the provider's API root, `/v1` included.
    if (base.startsWith(CF_GATEWAY)) return `${base}${suffix}${query}`;
    return `${base}/v1${suffix}${query}`;
  }
  if (layout.kind === 'full-url') return base.replaceAll('{model}', upstreamModel);
  if (layout.kind === 'azure') {
    // Azure names deployments without dots (gpt-3.5-turbo → gpt-35-turbo).
    const deployment = azureDeployment(upstreamModel);
    const version = `api-version=${encodeURIComponent(target.azureApiVersion)}`;
    if (base.startsWith(CF_GATEWAY)) return `${base}/${deployment}${suffix}?${version}`;
    return `${base}/openai/deployments/${deployment}${suffix}?${version}`;
  }
  const mode = inbound.mode;
  const byModel =
    mode === 'chat' ? layout.modelPaths?.find((p) => upstreamModel.startsWith(p.modelPrefix)) : undefined;
  if (byModel) return `${base}${byModel.path}`;
  const own =
    mode === 'chat' || mode === 'completions' || mode === 'embeddings' ? layout.paths?.[mode] : undefined;
  if (own) return `${base}${own}`;
  const prefix = layout.prefix.replaceAll('{other}', encodeURIComponent(channel.other.trim()));
  return `${base}${prefix}${suffix}${layout.query ? query : ''}`;
}

/** Azure names deployments without dots (gpt-3.5-turbo → gpt-35-turbo). */
export const azureDeployment = (model: string) => model.replace(/\./g, '');
