import { channelTypeInfo } from '@gateway/contract';
import { chatRequestToHub } from '../../formats/openai-chat/request.js';
import { parseErrorBody } from '../openai/response.js';
import type { InboundRequest, UpstreamErrorInfo, UpstreamTarget } from '../types.js';
import type { WholeAnswer } from '../whole-answer.js';

export function libraryUrl(target: UpstreamTarget): string {
  const { channel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  return `${base}/api/library/ask`;
}

/**
 * A knowledge base answers one question, not a conversation: the query is the last user
 * message's text; the library is the channel's `other`.
 */
export function libraryBody(inbound: InboundRequest, target: UpstreamTarget): Record<string, unknown> {
  const hub = chatRequestToHub(inbound.body ?? {});
  const lastUser = hub.messages.findLast((m) => m.role === 'user');
  let query = '';
  for (const part of lastUser?.parts ?? []) if (part.type === 'text') query += part.text;
  return {
    model: target.upstreamModel,
    query,
    library_id: target.channel.other.trim(),
    stream: false,
  };
}

interface LibraryAnswer {
  success?: boolean;
  answer?: string;
  documents?: Array<{ title?: string; url?: string }>;
  ErrCode?: number;
  Message?: string;
}

function libraryError(answer: LibraryAnswer): UpstreamErrorInfo {
  return {
    message: answer.Message || 'knowledge base request failed',
    type: 'aiproxy_error',
    code: answer.ErrCode === undefined ? '' : String(answer.ErrCode),
    param: null,
  };
}

/** The documents the answer drew on, as numbered Markdown links (as one-api showed them). */
function sources(documents: LibraryAnswer['documents']): string {
  if (!documents || documents.length === 0) return '';
  const lines = documents.map((d, i) => `${i + 1}. [${d.title ?? ''}](${d.url ?? ''})`);
  return `\n\n参考文档：\n${lines.join('\n')}\n`;
}

/** `success: false` (with ErrCode and Message) comes inside a 200 answer. */
export function readLibraryAnswer(json: Record<string, unknown>): WholeAnswer {
  const answer = json as LibraryAnswer;
  if (answer.success !== true) return { error: libraryError(answer) };
  return { text: (answer.answer ?? '') + sources(answer.documents), finish: 'stop' };
}

/** Error statuses carry the same `{ErrCode, Message}` body; anything else is read as OpenAI's. */
export function parseLibraryError(status: number, body: Buffer): UpstreamErrorInfo {
  try {
    const json = JSON.parse(body.toString('utf8')) as LibraryAnswer;
    if (json && typeof json.Message === 'string' && json.Message) return libraryError(json);
  } catch {
    // not JSON: the generic reading below
  }
  return parseErrorBody(status, body);
}
