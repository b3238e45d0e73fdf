import { channelTypeInfo } from '@gateway/contract';
import { HubStreamTranslator } from '../../formats/hub-stream.js';
import { passedChatAnswer } from '../chat-via-hub.js';
import { openAIChat } from '../../formats/openai-chat/index.js';
import { embeddingInputs, openAIEmbeddingsAnswer } from '../embeddings-answer.js';
import { parseErrorBody } from '../openai/response.js';
import type {
  InboundRequest,
  ParsedResponse,
  ProviderAdapter,
  UpstreamErrorInfo,
  UpstreamTarget,
} from '../types.js';
import { baiduAccessToken, forgetBaiduToken } from './access-token.js';
import { baiduEndpoint } from './endpoints.js';
import { baiduErrorInfo, isBaiduError, TOKEN_ERROR_CODES } from './errors.js';
import { baiduErnie, baiduResponseToHub } from './format.js';

const WORKSHOP = '/rpc/2.0/ai_custom/v1/wenxinworkshop';

const baseOf = (target: UpstreamTarget) =>
  target.channel.baseUrl || channelTypeInfo(target.channel.type)?.baseUrl || '';

interface BaiduEmbeddings {
  data?: Array<{ embedding?: number[]; index?: number }>;
  usage?: { prompt_tokens?: number; total_tokens?: number };
}

function parseBaiduAnswer(
  inbound: InboundRequest,
  body: Buffer,
  contentType: string,
  target: UpstreamTarget,
): ParsedResponse {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    // The bridge reports an answer that is not JSON.
    return { body, contentType, usage: null, text: () => '' };
  }
  if (isBaiduError(json)) {
    // A refused token is exchanged again by the next request instead of failing until it expires.
    if (TOKEN_ERROR_CODES.has(json.error_code)) forgetBaiduToken(baseOf(target), target.channel.key);
    return { body, contentType, usage: null, text: () => '', error: baiduErrorInfo(json) };
  }
  if (inbound.mode === 'embeddings') {
    const answer = json as BaiduEmbeddings;
    const rows = [...(answer.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    const prompt = answer.usage?.prompt_tokens ?? answer.usage?.total_tokens ?? 0;
    return openAIEmbeddingsAnswer(
      inbound,
      rows.map((row) => row.embedding ?? []),
      prompt,
    );
  }
  // Tool calls count as output when usage must be counted locally.
  return passedChatAnswer(body, baiduResponseToHub(json));
}

function parseBaiduError(status: number, body: Buffer): UpstreamErrorInfo {
  try {
    const json = JSON.parse(body.toString('utf8')) as unknown;
    if (isBaiduError(json)) return baiduErrorInfo(json);
  } catch {
    // not Baidu's shape: the generic reading below
  }
  return parseErrorBody(status, body);
}

/**
 * Baidu ERNIE v1 (channel type 15): an access token exchanged from `APIKey|SecretKey` in the
 * query, the model in the path, its own chat body and stream (`baidu/format.ts`, reached through
 * the hub from every chat format) and its embeddings API natively.
 */
export const baiduAdapter: ProviderAdapter = {
  chatFormat: baiduErnie,
  supports: (mode) => mode === 'embeddings',

  async buildRequest(inbound, target) {
    const base = baseOf(target);
    const token = await baiduAccessToken(base, target.channel.key);
    const embeddings = inbound.mode === 'embeddings';
    const endpoint = encodeURIComponent(baiduEndpoint(target.upstreamModel));
    const url = `${base}${WORKSHOP}/${embeddings ? 'embeddings' : 'chat'}/${endpoint}?access_token=${encodeURIComponent(token)}`;
    const body = embeddings ? { input: embeddingInputs(inbound.body) } : inbound.body;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: inbound.stream ? 'text/event-stream' : 'application/json',
    };
    for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
    return { url, method: 'POST', headers, body: JSON.stringify(body) };
  },

  parseResponse: (inbound, body, contentType, target) => parseBaiduAnswer(inbound, body, contentType, target),

  // Chat always arrives through the hub bridge, which decodes the stream itself.
  streamTranslator: (inbound) =>
    new HubStreamTranslator(
      baiduErnie.streamDecoder(),
      openAIChat.streamEncoder({ model: inbound.model, clientWantsUsage: inbound.clientWantsUsage }),
    ),
  parseError: parseBaiduError,
};
