import { channelTypeInfo } from '@gateway/contract';
import { RelayError } from '../../errors.js';
import { HubStreamTranslator } from '../../formats/hub-stream.js';
import { openAIChat } from '../../formats/openai-chat/index.js';
import { passedChatAnswer } from '../chat-via-hub.js';
import { embeddingInputs, openAIEmbeddingsAnswer } from '../embeddings-answer.js';
import { parseErrorBody } from '../openai/response.js';
import type { InboundRequest, ParsedResponse, ProviderAdapter, UpstreamErrorInfo } from '../types.js';
import { isZhipuFailure, zhipuErrorInfo } from './errors.js';
import { zhipuV3, zhipuResponseToHub } from './format.js';
import { zhipuToken } from './jwt.js';
import { ZhipuSseDecoder } from './sse-framing.js';

function parseZhipuAnswer(inbound: InboundRequest, body: Buffer, contentType: string): ParsedResponse {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { body, contentType, usage: null, text: () => '' };
  }
  if (isZhipuFailure(json))
    return { body, contentType, usage: null, text: () => '', error: zhipuErrorInfo(json) };
  const hub = zhipuResponseToHub(json);
  if (inbound.mode === 'embeddings') {
    const data = (json.data ?? {}) as { embedding?: number[] };
    const prompt = hub.usage?.promptTokens ?? 0;
    return openAIEmbeddingsAnswer(inbound, [data.embedding ?? []], prompt);
  }
  return passedChatAnswer(body, hub);
}

function parseZhipuError(status: number, body: Buffer): UpstreamErrorInfo {
  try {
    const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    if (typeof json.code === 'number' && typeof json.msg === 'string') return zhipuErrorInfo(json);
  } catch {
    // not Zhipu's shape: the generic reading below
  }
  return parseErrorBody(status, body);
}

/**
 * Zhipu's v3 model API (channel type 16): a JWT signed with the key's secret, the model in the
 * path, `invoke` or `sse-invoke`, its own chat body and stream (`zhipu/format.ts`, reached through
 * the hub from every chat format) and `text_embedding` natively, one input per call.
 */
export const zhipuAdapter: ProviderAdapter = {
  chatFormat: zhipuV3,
  supports: (mode) => mode === 'embeddings',

  async buildRequest(inbound, target) {
    const base = target.channel.baseUrl || channelTypeInfo(target.channel.type)?.baseUrl || '';
    const embeddings = inbound.mode === 'embeddings';
    let body: unknown = inbound.body;
    if (embeddings) {
      const inputs = embeddingInputs(inbound.body);
      if (inputs.length !== 1) {
        throw new RelayError(400, '智谱 v3 的向量接口每次只接受一条输入', 'invalid_request', {
          type: 'invalid_request_error',
          param: 'input',
        });
      }
      body = { prompt: inputs[0] };
    }
    const method = inbound.stream && !embeddings ? 'sse-invoke' : 'invoke';
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: inbound.stream ? 'text/event-stream' : 'application/json',
      // The token itself, without a scheme, as Zhipu's own SDK sends it.
      authorization: await zhipuToken(target.channel.key),
    };
    for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
    return {
      url: `${base}/api/paas/v3/model-api/${encodeURIComponent(target.upstreamModel)}/${method}`,
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    };
  },

  parseResponse: (inbound, body, contentType) => parseZhipuAnswer(inbound, body, contentType),
  // Chat always arrives through the hub bridge, which decodes the stream itself.
  streamTranslator: (inbound) =>
    new HubStreamTranslator(
      zhipuV3.streamDecoder(),
      openAIChat.streamEncoder({ model: inbound.model, clientWantsUsage: inbound.clientWantsUsage }),
    ),
  parseError: parseZhipuError,
  streamFraming: { contentType: 'text/event-stream', decoder: () => new ZhipuSseDecoder() },
};
