import type { InboundRequest, ParsedResponse, UpstreamErrorInfo } from '../types.js';
import { inlineReasoning } from './thinking-to-content.js';
import { readUsage } from '../../formats/openai-chat/usage.js';

interface Choice {
  text?: string;
  message?: { content?: unknown; reasoning_content?: string; reasoning?: string; tool_calls?: unknown };
  delta?: { content?: unknown; reasoning_content?: string; reasoning?: string; tool_calls?: unknown };
}

/** Text a choice produced (answer, reasoning and tool calls), for local token counting. */
export function choiceText(choice: Choice): string {
  const part = choice.message ?? choice.delta;
  let text = choice.text ?? '';
  if (part) {
    if (typeof part.content === 'string') text += part.content;
    if (part.reasoning_content) text += part.reasoning_content;
    if (part.reasoning) text += part.reasoning;
    if (Array.isArray(part.tool_calls)) {
      for (const call of part.tool_calls as Array<{ function?: { name?: string; arguments?: string } }>) {
        text += (call.function?.name ?? '') + (call.function?.arguments ?? '');
      }
    }
  }
  return text;
}

export function parseJsonResponse(
  inbound: InboundRequest,
  body: Buffer,
  contentType: string,
  thinkingToContent = false,
): ParsedResponse {
  const isJson = contentType.includes('json') || (body.length > 0 && body[0] === 0x7b);
  if (!isJson) {
    // Speech audio, or text/srt/vtt transcripts.
    const text = () => (contentType.startsWith('text/') ? body.toString('utf8') : '');
    return { body, contentType, usage: null, text };
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { body, contentType, usage: null, text: () => '' };
  }
  const err = json.error;
  if (
    err &&
    typeof err === 'object' &&
    ((err as { message?: string }).message || (err as { type?: string }).type)
  ) {
    const e = err as { message?: string; type?: string; code?: unknown; param?: string | null };
    return {
      body,
      contentType,
      usage: null,
      text: () => '',
      error: {
        message: e.message ?? 'upstream error',
        type: e.type ?? 'upstream_error',
        code: e.code === undefined || e.code === null ? '' : String(e.code),
        param: e.param ?? null,
      },
    };
  }
  // Counted before any rewrite: the reasoning is part of what was produced either way.
  const text = () => {
    if (typeof json.text === 'string') return json.text;
    let out = '';
    if (Array.isArray(json.choices)) for (const c of json.choices as Choice[]) out += choiceText(c);
    return out;
  };
  let usage = readUsage(json.usage);
  if (!usage && inbound.mode === 'rerank') {
    const billed = (json.meta as { billed_units?: { search_units?: number } } | undefined)?.billed_units;
    if (billed?.search_units) usage = { promptTokens: billed.search_units, completionTokens: 0 };
  }
  if (!usage && (inbound.mode === 'transcription' || inbound.mode === 'translation')) {
    const reported = json.usage as { type?: string; seconds?: number } | undefined;
    const seconds =
      typeof json.duration === 'number'
        ? json.duration
        : reported?.type === 'duration' && typeof reported.seconds === 'number'
          ? reported.seconds
          : 0;
    // One minute of audio counts as 1000 prompt tokens, as other gateways bill it.
    if (seconds > 0)
      usage = { promptTokens: Math.round((Math.ceil(seconds) / 60) * 1000), completionTokens: 0 };
  }
  if (thinkingToContent && inlineReasoning(json as Parameters<typeof inlineReasoning>[0])) {
    return { body: Buffer.from(JSON.stringify(json)), contentType, usage, text };
  }
  return { body, contentType, usage, text };
}

const MESSAGE_FIELDS = ['message', 'msg', 'err', 'error_msg'] as const;

/** An upstream's non-200 answer in OpenAI terms, whatever shape it came in. */
export function parseErrorBody(status: number, body: Buffer): UpstreamErrorInfo {
  const fallback: UpstreamErrorInfo = {
    message: `bad response status code ${status}`,
    type: 'upstream_error',
    code: 'bad_response_status_code',
    param: String(status),
  };
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    const text = body.toString('utf8').trim();
    return text && text.length < 500 && !text.startsWith('<') ? { ...fallback, message: text } : fallback;
  }
  const err = json.error;
  if (err && typeof err === 'object') {
    const e = err as { message?: unknown; type?: unknown; code?: unknown; param?: unknown };
    if (e.message) {
      return {
        message: String(e.message),
        type: typeof e.type === 'string' ? e.type : 'upstream_error',
        code: e.code === undefined || e.code === null ? '' : String(e.code),
        param: typeof e.param === 'string' ? e.param : null,
      };
    }
  }
  if (typeof err === 'string' && err) return { ...fallback, message: err };
  for (const field of MESSAGE_FIELDS) {
    if (typeof json[field] === 'string' && json[field])
      return { ...fallback, message: json[field] as string };
  }
  const nested =
    (json.header as { message?: string } | undefined)?.message ??
    (json.response as { error?: { message?: string } } | undefined)?.error?.message;
  return nested ? { ...fallback, message: nested } : fallback;
}
