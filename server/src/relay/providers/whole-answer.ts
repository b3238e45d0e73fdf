import { randomUUID } from 'node:crypto';
import { chatResponseFromHub } from '../formats/openai-chat/response.js';
import type { HubFinish } from '../formats/hub.js';
import type { SseEvent } from '../stream/sse-parser.js';
import type {
  InboundRequest,
  ParsedResponse,
  StreamEventDecoder,
  StreamFraming,
  UpstreamErrorInfo,
} from './types.js';

/** What a chat upstream without streaming answered: its text, or an error inside a 200 answer. */
export type WholeAnswer = { text: string; finish: HubFinish; id?: string } | { error: UpstreamErrorInfo };

/** Reads an upstream's whole JSON answer: its text, or the error it carries. */
export type WholeAnswerReader = (json: Record<string, unknown>) => WholeAnswer;

const NOT_JSON: UpstreamErrorInfo = {
  message: 'the upstream answer is not valid JSON',
  type: 'upstream_error',
  code: 'bad_response_body',
  param: null,
};

function readWhole(body: Buffer, read: WholeAnswerReader): WholeAnswer {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { error: NOT_JSON };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return { error: NOT_JSON };
  return read(json as Record<string, unknown>);
}

const chatCompletionId = (id?: string) => `chatcmpl-${id || randomUUID().replaceAll('-', '')}`;

/** A non-streamed answer as an OpenAI chat.completion; no usage (counted locally). */
export function wholeAnswerResponse(
  inbound: InboundRequest,
  body: Buffer,
  read: WholeAnswerReader,
): ParsedResponse {
  const answer = readWhole(body, read);
  if ('error' in answer)
    return { body, contentType: 'application/json', usage: null, text: () => '', error: answer.error };
  const json = chatResponseFromHub({
    id: chatCompletionId(answer.id),
    model: inbound.model,
    parts: [{ type: 'text', text: answer.text }],
    finish: answer.finish,
    usage: null,
  });
  return {
    body: Buffer.from(JSON.stringify(json)),
    contentType: 'application/json',
    usage: null,
    text: () => answer.text,
  };
}

/**
 * The upstream cannot stream, so a streaming client gets the whole answer as one stream once it
 * has arrived: an OpenAI chat chunk with the role and all of the text, then one with the finish
 * reason (the pass-through translator closes it with [DONE], and the hub turns it into any other
 * client format). An error inside the answer becomes an `{"error":…}` event, which fails the
 * attempt before anything was sent.
 */
export function wholeAnswerFraming(read: WholeAnswerReader): StreamFraming {
  return {
    contentType: 'application/json',
    decoder: (inbound) => new WholeAnswerDecoder(inbound, read),
  };
}

class WholeAnswerDecoder implements StreamEventDecoder {
  private readonly parts: Buffer[] = [];

  constructor(
    private readonly inbound: InboundRequest,
    private readonly read: WholeAnswerReader,
  ) {}

  push(chunk: Buffer | Uint8Array): SseEvent[] {
    this.parts.push(Buffer.from(chunk));
    return [];
  }

  end(): SseEvent[] {
    const answer = readWhole(Buffer.concat(this.parts), this.read);
    if ('error' in answer) return [{ event: '', data: JSON.stringify({ error: answer.error }) }];
    const meta = {
      id: chatCompletionId(answer.id),
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: this.inbound.model,
    };
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      JSON.stringify({ ...meta, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
    return [
      { event: '', data: chunk({ role: 'assistant', content: answer.text }, null) },
      { event: '', data: chunk({}, answer.finish) },
    ];
  }
}
