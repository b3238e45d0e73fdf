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

/** Where an OpenAI-compatible provider expects this endpoint. */
export function upstreamUrl(inbound: InboundRequest, target: UpstreamTarget): string {
  const { channel, upstreamModel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  const suffix = MODE_PATH[inbound.mode];
  const query = inbound.query ? `?${inbound.query}` : '';
  switch (channel.type) {
    case 3: {
      // Azure names deployments without dots (gpt-3.5-turbo → gpt-35-turbo).
      const deployment = upstreamModel.replace(/\./g, '');
      const version = `api-version=${encodeURIComponent(target.azureApiVersion)}`;
      if (base.startsWith(CF_GATEWAY)) return `${base}/${deployment}${suffix}?${version}`;
      return `${base}/openai/deployments/${deployment}${suffix}?${version}`;
    }
    case 8:
      return base.replaceAll('{model}', upstreamModel);
    case 17:
      return `${base}/compatible-mode/v1${suffix}`;
    case 26:
      return `${base}/api/paas/v4${suffix}`;
    case 27:
      return `${base}${suffix}`;
    case 35:
      return inbound.mode === 'chat' ? `${base}/v1/text/chatcompletion_v2` : `${base}/v1${suffix}`;
    case 39:
      return `${base}/client/v4/accounts/${encodeURIComponent(channel.other.trim())}/ai/v1${suffix}`;
    case 43:
      return inbound.mode === 'completions' ? `${base}/beta/completions` : `${base}/v1${suffix}${query}`;
    case 45:
      if (inbound.mode === 'chat' && upstreamModel.startsWith('bot'))
        return `${base}/api/v3/bots/chat/completions`;
      return `${base}/api/v3${suffix}`;
    case 46:
      return `${base}/v2${suffix}`;
    default:
      if (base.startsWith(CF_GATEWAY)) return `${base}${suffix}${query}`;
      return `${base}/v1${suffix}${query}`;
  }
}
