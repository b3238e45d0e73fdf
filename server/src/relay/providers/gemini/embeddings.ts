import {
  geminiBatchToOpenAIEmbeddings,
  geminiEmbedBodyFor,
  isBatchEmbedPath,
  openAIEmbeddingsToGeminiBatch,
} from '../../formats/gemini/embeddings.js';
import type { InboundRequest, ParsedResponse, UpstreamRequest, UpstreamTarget } from '../types.js';
import { geminiHeaders, geminiMethodUrl } from './request.js';

/**
 * Embeddings on Gemini: a Gemini client's embedContent / batchEmbedContents as asked, and
 * OpenAI's /v1/embeddings as one batchEmbedContents call carrying every input.
 */
export function geminiEmbedRequest(inbound: InboundRequest, target: UpstreamTarget): UpstreamRequest {
  const body = inbound.body ?? {};
  const model = target.upstreamModel;
  let method: string;
  let out: Record<string, unknown>;
  if (inbound.mode === 'embeddings') {
    method = 'batchEmbedContents';
    out = openAIEmbeddingsToGeminiBatch(body, model);
  } else {
    const batch = isBatchEmbedPath(inbound.path);
    method = batch ? 'batchEmbedContents' : 'embedContent';
    out = geminiEmbedBodyFor(body, batch, model);
  }
  if (target.channel.paramOverride) out = { ...out, ...target.channel.paramOverride };
  return {
    url: geminiMethodUrl(target, model, method),
    method: 'POST',
    headers: geminiHeaders(inbound, target),
    body: out === body ? inbound.raw : JSON.stringify(out),
  };
}

/**
 * Gemini's embedding answers carry no usage: prompt tokens are counted locally. A Gemini client
 * gets the bytes as they came; an OpenAI client an embeddings list (its usage added at settlement).
 */
export function parseGeminiEmbedAnswer(
  inbound: InboundRequest,
  json: Record<string, unknown>,
  body: Buffer,
  contentType: string,
): ParsedResponse {
  if (inbound.mode !== 'embeddings') {
    return { body, contentType: contentType || 'application/json', usage: null, text: () => '' };
  }
  const out = geminiBatchToOpenAIEmbeddings(json, inbound.model, inbound.body?.encoding_format);
  return {
    body: Buffer.from(JSON.stringify(out)),
    contentType: 'application/json',
    usage: null,
    text: () => '',
  };
}
