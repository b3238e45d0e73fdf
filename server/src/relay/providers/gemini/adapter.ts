import { geminiGenerate } from '../../formats/gemini/index.js';
import { geminiResponseToHub } from '../../formats/gemini/response.js';
import { geminiUsageToHub } from '../../formats/gemini/usage.js';
import { hubPartsText } from '../../formats/hub.js';
import type { InboundRequest, ParsedResponse, ProviderAdapter, UpstreamErrorInfo } from '../types.js';
import { geminiEmbedRequest, parseGeminiEmbedAnswer } from './embeddings.js';
import { imagenRequest, parseImagenAnswer } from './imagen.js';
import { geminiBody, geminiHeaders, geminiUrl } from './request.js';
import { GeminiPassThroughTranslator } from './stream.js';

interface GeminiError {
  code?: number;
  message?: string;
  status?: string;
}

function errorInfo(error: GeminiError, httpStatus: number): UpstreamErrorInfo {
  const status = error.status || (httpStatus >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  return {
    message: error.message || `bad response status code ${httpStatus}`,
    type: status,
    code: status,
    param: null,
  };
}

function parseAnswer(inbound: InboundRequest, body: Buffer, contentType: string): ParsedResponse {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { body, contentType, usage: null, text: () => '' };
  }
  if (json.error && typeof json.error === 'object') {
    return {
      body,
      contentType,
      usage: null,
      text: () => '',
      error: errorInfo(json.error as GeminiError, 500),
    };
  }
  if (inbound.mode === 'gemini-embed' || inbound.mode === 'embeddings') {
    return parseGeminiEmbedAnswer(inbound, json, body, contentType);
  }
  if (inbound.mode === 'images') return parseImagenAnswer(json);
  return {
    body,
    contentType: contentType || 'application/json',
    usage: geminiUsageToHub(json.usageMetadata),
    text: () => hubPartsText(geminiResponseToHub(json).parts),
  };
}

/** `{"error":{"code","message","status"}}`; the status name is both type and code. */
export function parseGeminiError(status: number, body: Buffer): UpstreamErrorInfo {
  try {
    const json = JSON.parse(body.toString('utf8')) as
      { error?: GeminiError } | Array<{ error?: GeminiError }>;
    // Some Google front ends wrap the error in a one-element array.
    const error = Array.isArray(json) ? json[0]?.error : json.error;
    if (error && typeof error === 'object') return errorInfo(error, status);
  } catch {
    // not JSON: the status alone
  }
  return errorInfo({}, status);
}

/**
 * Google's Gemini API (channel type 24). Chat and Messages clients reach it through the hub;
 * embeddings (Gemini's own and OpenAI's) go to embedContent / batchEmbedContents, OpenAI image
 * generations to Imagen's :predict.
 */
export const geminiAdapter: ProviderAdapter = {
  chatFormat: geminiGenerate,
  supports: (mode) =>
    mode === 'gemini' || mode === 'gemini-embed' || mode === 'embeddings' || mode === 'images',
  buildRequest: (inbound, target) => {
    if (inbound.mode === 'gemini-embed' || inbound.mode === 'embeddings')
      return geminiEmbedRequest(inbound, target);
    if (inbound.mode === 'images') return imagenRequest(inbound, target);
    return {
      url: geminiUrl(inbound, target),
      method: 'POST',
      headers: geminiHeaders(inbound, target),
      body: geminiBody(inbound, target),
    };
  },
  parseResponse: (inbound, body, contentType) => parseAnswer(inbound, body, contentType),
  streamTranslator: () => new GeminiPassThroughTranslator(),
  parseError: parseGeminiError,
};
