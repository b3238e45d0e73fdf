import { channelTypeInfo } from '@gateway/contract';
import { RelayError } from '../../errors.js';
import { HubStreamTranslator } from '../../formats/hub-stream.js';
import { passedChatAnswer } from '../chat-via-hub.js';
import { openAIChat } from '../../formats/openai-chat/index.js';
import { embeddingInputs, openAIEmbeddingsAnswer } from '../embeddings-answer.js';
import { parseErrorBody } from '../openai/response.js';
import type { InboundRequest, ParsedResponse, ProviderAdapter, UpstreamErrorInfo } from '../types.js';
import { tencentErrorInfo, tencentErrorOf } from './errors.js';
import { hunyuanChat, hunyuanResponseToHub } from './format.js';
import { tc3Headers } from './tc3.js';

const VERSION = '2023-09-01';
const CONTENT_TYPE = 'application/json; charset=utf-8';

export function hunyuanKey(key: string): { secretId: string; secretKey: string } {
  const [, secretId = '', secretKey = '', ...rest] = key.split('|').map((p) => p.trim());
  if (!secretId || !secretKey || rest.length > 0) {
    throw new RelayError(
      500,
      '腾讯混元渠道密钥格式错误，应为 AppId|SecretId|SecretKey',
      'invalid_channel_key',
      {
        local: false,
        type: 'new_api_error',
      },
    );
  }
  return { secretId, secretKey };
}

interface TencentEmbeddings {
  Data?: Array<{ Embedding?: number[]; Index?: number }>;
  Usage?: { PromptTokens?: number; TotalTokens?: number };
}

function parseHunyuanAnswer(inbound: InboundRequest, body: Buffer, contentType: string): ParsedResponse {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { body, contentType, usage: null, text: () => '' };
  }
  const error = tencentErrorOf(json);
  if (error) return { body, contentType, usage: null, text: () => '', error: tencentErrorInfo(error) };
  if (inbound.mode === 'embeddings') {
    const answer = (json.Response ?? {}) as TencentEmbeddings;
    const rows = [...(answer.Data ?? [])].sort((a, b) => (a.Index ?? 0) - (b.Index ?? 0));
    const prompt = answer.Usage?.PromptTokens ?? answer.Usage?.TotalTokens ?? 0;
    return openAIEmbeddingsAnswer(
      inbound,
      rows.map((row) => row.Embedding ?? []),
      prompt,
    );
  }
  // Tool calls count as output when usage must be counted locally.
  return passedChatAnswer(body, hunyuanResponseToHub(json));
}

function parseHunyuanError(status: number, body: Buffer): UpstreamErrorInfo {
  try {
    const error = tencentErrorOf(JSON.parse(body.toString('utf8')) as Record<string, unknown>);
    if (error) return tencentErrorInfo(error);
  } catch {
    // not Tencent's shape: the generic reading below
  }
  return parseErrorBody(status, body);
}

/**
 * Tencent Hunyuan (channel type 23): Tencent Cloud API 3.0 calls signed with TC3-HMAC-SHA256
 * (`AppId|SecretId|SecretKey`; the AppId is not needed), ChatCompletions with its own body and
 * stream (`hunyuan/format.ts`, reached through the hub from every chat format) and GetEmbedding
 * natively.
 */
export const hunyuanAdapter: ProviderAdapter = {
  chatFormat: hunyuanChat,
  supports: (mode) => mode === 'embeddings',

  buildRequest(inbound, target) {
    const base = target.channel.baseUrl || channelTypeInfo(target.channel.type)?.baseUrl || '';
    const { secretId, secretKey } = hunyuanKey(target.channel.key);
    const embeddings = inbound.mode === 'embeddings';
    let body: Record<string, unknown>;
    if (embeddings) {
      const inputs = embeddingInputs(inbound.body);
      body = inputs.length === 1 ? { Input: inputs[0] } : { InputList: inputs };
    } else {
      body = { ...inbound.body, Model: target.upstreamModel };
    }
    const payload = JSON.stringify(body);
    const headers = tc3Headers({
      secretId,
      secretKey,
      service: 'hunyuan',
      host: new URL(base).host,
      action: embeddings ? 'GetEmbedding' : 'ChatCompletions',
      version: VERSION,
      timestamp: Math.floor(Date.now() / 1000),
      contentType: CONTENT_TYPE,
      payload,
    });
    for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
    return { url: `${base}/`, method: 'POST', headers, body: payload };
  },

  parseResponse: (inbound, body, contentType) => parseHunyuanAnswer(inbound, body, contentType),
  // Chat always arrives through the hub bridge, which decodes the stream itself.
  streamTranslator: (inbound) =>
    new HubStreamTranslator(
      hunyuanChat.streamDecoder(),
      openAIChat.streamEncoder({ model: inbound.model, clientWantsUsage: inbound.clientWantsUsage }),
    ),
  parseError: parseHunyuanError,
};
