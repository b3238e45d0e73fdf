import type { StreamFailure, UpstreamErrorInfo } from '../types.js';
import { parseErrorBody } from '../openai/response.js';

/** One answer frame of Spark's chat socket. */
export interface SparkFrame {
  header?: { code?: number; message?: string; sid?: string; status?: number };
  payload?: {
    choices?: {
      status?: number;
      seq?: number;
      text?: Array<{
        content?: string;
        role?: string;
        index?: number;
        function_call?: { name?: string; arguments?: string };
      }>;
    };
    usage?: { text?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } };
  };
}

/** Spark's error codes that mean more than "the service failed" (Xunfei's code table). */
const CODE_STATUS: Readonly<Record<number, number>> = {
  10007: 429, // the user's previous question is still being answered
  10013: 400, // the input failed content review
  10014: 400, // the output failed content review
  10019: 400, // the input may be sensitive
  10160: 400, // the request is not valid JSON
  10161: 400,
  10162: 400,
  10163: 400, // a parameter is out of range or missing
  10907: 400, // too many tokens
  11200: 403, // the appId is not allowed this service (or its allowance is used up)
  11201: 429, // daily limit
  11202: 429, // per-second limit
  11203: 429, // concurrency limit
};

const TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  403: 'permission_error',
  429: 'rate_limit_error',
};

export function parseFrame(text: string): SparkFrame | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as SparkFrame) : null;
  } catch {
    return null;
  }
}

/** The error a frame reports (a non-zero `header.code`), with the HTTP status it stands for. */
export function frameFailure(frame: SparkFrame): StreamFailure | null {
  const code = frame.header?.code;
  if (code === undefined || code === 0) return null;
  const status = CODE_STATUS[code] ?? 500;
  return {
    status,
    message: frame.header?.message || `Spark error ${code}`,
    type: TYPE_BY_STATUS[status] ?? 'upstream_error',
    code: String(code),
    param: null,
  };
}

/** Whether this is the answer's last frame (it carries the usage). */
export function isLastFrame(frame: SparkFrame): boolean {
  return frame.header?.status === 2 || frame.payload?.choices?.status === 2;
}

/**
 * An error answer: an error frame (the transport answers the status its code stands for), or
 * the handshake's own refusal (`{"message":"HMAC signature cannot be verified"}`).
 */
export function parseSparkError(status: number, body: Buffer): UpstreamErrorInfo {
  const frame = parseFrame(body.toString('utf8'));
  const failure = frame && frameFailure(frame);
  if (failure) {
    const { status: _status, ...info } = failure;
    return info;
  }
  return parseErrorBody(status, body);
}

/** The OpenAI usage object for a frame's usage, if it has one. */
export function frameUsage(frame: SparkFrame) {
  const u = frame.payload?.usage?.text;
  if (!u) return undefined;
  return {
    prompt_tokens: u.prompt_tokens ?? 0,
    completion_tokens: u.completion_tokens ?? 0,
    total_tokens: u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0),
  };
}

/** The OpenAI tool call a frame's function call stands for (Spark names one call per answer). */
export function toolCallOf(frame: SparkFrame) {
  const call = frame.payload?.choices?.text?.find((t) => t.function_call)?.function_call;
  if (!call) return undefined;
  return {
    id: `call_${frame.header?.sid ?? 'spark'}`,
    type: 'function' as const,
    function: { name: call.name ?? '', arguments: call.arguments ?? '' },
  };
}

export function frameContent(frame: SparkFrame): string {
  return (frame.payload?.choices?.text ?? []).map((t) => t.content ?? '').join('');
}

/** The frames of a body the transport wrote one JSON text a line. */
export function frameLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
