import {
  geminiEmbedToOpenAIEmbeddings,
  isBatchEmbedPath,
  openAIEmbeddingsToGemini,
} from '../../formats/gemini/embeddings.js';
import type { InboundRequest, ParsedResponse, ProviderAdapter } from '../types.js';

/**
 * Gemini embedContent / batchEmbedContents through an OpenAI-compatible upstream: the inputs go
 * to its /v1/embeddings (floats, one input per content) and the vectors come back in Gemini's
 * shape. Usage is read from the OpenAI answer (Gemini's answer has no place for it).
 */
export function geminiEmbedViaOpenAI(openai: ProviderAdapter): ProviderAdapter {
  const asEmbeddings = (inbound: InboundRequest, upstreamModel: string): InboundRequest => {
    const body = geminiEmbedToOpenAIEmbeddings(
      inbound.body ?? {},
      isBatchEmbedPath(inbound.path),
      upstreamModel,
    );
    return {
      ...inbound,
      mode: 'embeddings',
      path: '/v1/embeddings',
      // Gemini's query may hold the gateway's own key: never forwarded.
      query: '',
      body,
      raw: Buffer.from(JSON.stringify(body)),
      converted: true,
    };
  };

  return {
    ...openai,
    supports: (mode) => mode === 'gemini-embed',
    buildRequest: (inbound, target) =>
      openai.buildRequest(asEmbeddings(inbound, target.upstreamModel), target),
    parseResponse(inbound, body, contentType, target): ParsedResponse {
      const embeddings = asEmbeddings(inbound, target.upstreamModel);
      const parsed = openai.parseResponse(embeddings, body, contentType, target);
      if (parsed.error) return parsed;
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(parsed.body.toString('utf8')) as Record<string, unknown>;
      } catch {
        const error = {
          message: 'the upstream answer is not valid JSON',
          type: 'upstream_error',
          code: 'bad_response_body',
          param: null,
        };
        return { ...parsed, error };
      }
      const out = openAIEmbeddingsToGemini(json, isBatchEmbedPath(inbound.path));
      return { ...parsed, body: Buffer.from(JSON.stringify(out)), contentType: 'application/json' };
    },
  };
}
