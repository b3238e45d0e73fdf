import { claudeAdapter } from '../anthropic/adapter.js';
import { geminiAdapter } from '../gemini/adapter.js';
import { openAIAdapter } from '../openai/adapter.js';
import type { ProviderAdapter, UpstreamErrorInfo } from '../types.js';
import { isVertexLlama, vertexLlamaRequest } from './llama.js';
import { isVertexClaude, vertexClaudeRequest, vertexGeminiRequest } from './request.js';

/**
 * Vertex's front end answers auth, quota and routing failures in Google's shape
 * (`{"error":{"code","message","status"}}`), while the Claude model itself answers in
 * Anthropic's; whichever arrives is read.
 */
function parseVertexError(status: number, body: Buffer): UpstreamErrorInfo {
  const text = body.toString('utf8');
  if (/^\s*\{\s*"type"\s*:\s*"error"/.test(text)) return claudeAdapter.parseError(status, body);
  return geminiAdapter.parseError(status, body);
}

/** Vertex AI's Google publisher: Gemini's wire format, an OAuth token from the service account. */
export const vertexGeminiAdapter: ProviderAdapter = {
  ...geminiAdapter,
  // generateContent only: Gemini's embedding and Imagen calls have other shapes on Vertex.
  supports: (mode) => mode === 'gemini',
  buildRequest: vertexGeminiRequest,
  parseError: parseVertexError,
};

/** Vertex AI's Anthropic publisher: Anthropic's Messages body and stream via rawPredict. */
export const vertexClaudeAdapter: ProviderAdapter = {
  ...claudeAdapter,
  buildRequest: vertexClaudeRequest,
  parseError: parseVertexError,
};

/**
 * Vertex AI's OpenAI-compatible endpoint (Llama and other Model-as-a-Service models): OpenAI chat
 * natively; Messages, Gemini and Responses clients through the hub, as for any OpenAI upstream.
 */
export const vertexOpenAIAdapter: ProviderAdapter = {
  ...openAIAdapter,
  supports: (mode) => mode === 'chat',
  buildRequest: vertexLlamaRequest,
  parseError: parseVertexError,
};

/** Vertex AI (channel type 41) serves a model in its publisher's format. */
export function vertexAdapterFor(upstreamModel: string): ProviderAdapter {
  if (isVertexClaude(upstreamModel)) return vertexClaudeAdapter;
  return isVertexLlama(upstreamModel) ? vertexOpenAIAdapter : vertexGeminiAdapter;
}
