import { channelTypeInfo } from '@gateway/contract';
import { openAIAdapter } from '../openai/adapter.js';
import type { ProviderAdapter, UpstreamTarget } from '../types.js';
import { EMBEDDINGS_PATH, embeddingsBody, parseEmbeddings } from './embeddings.js';
import { parseDashScopeError } from './errors.js';
import { completeImageTask, IMAGE_SYNTHESIS_PATH, imageTaskBody, parseImageTask } from './images.js';

function baseOf(target: UpstreamTarget): string {
  const { channel } = target;
  return channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
}

function nativeHeaders(target: UpstreamTarget): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    authorization: `Bearer ${target.channel.key}`,
  };
  for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
  return headers;
}

/**
 * Alibaba DashScope (channel type 17): chat and the other OpenAI endpoints through its
 * compatible mode (`/compatible-mode/v1/...`); embeddings and image generation through the
 * native API. Images are an asynchronous task: submitted with `X-DashScope-Async: enable`, then
 * looked at until it finishes (`complete`).
 */
export const dashScopeAdapter: ProviderAdapter = {
  ...openAIAdapter,
  buildRequest(inbound, target) {
    const base = baseOf(target);
    if (inbound.mode === 'embeddings') {
      const body = embeddingsBody(inbound, target.upstreamModel);
      return {
        url: `${base}${EMBEDDINGS_PATH}`,
        method: 'POST',
        headers: nativeHeaders(target),
        body: JSON.stringify(body),
      };
    }
    if (inbound.mode === 'images') {
      const headers = { ...nativeHeaders(target), 'x-dashscope-async': 'enable' };
      const body = imageTaskBody(inbound, target.upstreamModel);
      return { url: `${base}${IMAGE_SYNTHESIS_PATH}`, method: 'POST', headers, body: JSON.stringify(body) };
    }
    return openAIAdapter.buildRequest(inbound, target);
  },
  parseResponse(inbound, body, contentType, target) {
    if (inbound.mode === 'embeddings') return parseEmbeddings(inbound, body);
    if (inbound.mode === 'images') return parseImageTask(inbound, body);
    return openAIAdapter.parseResponse(inbound, body, contentType, target);
  },
  async complete(first, inbound, target, followUp) {
    if (inbound.mode !== 'images')
      return { status: 200, body: first, headers: {}, contentType: 'application/json' };
    const { 'content-type': _json, ...headers } = nativeHeaders(target);
    return completeImageTask(first, inbound, baseOf(target), headers, followUp);
  },
  parseError: parseDashScopeError,
};
