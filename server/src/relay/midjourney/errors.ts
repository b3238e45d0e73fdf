import { decodeJsonText, UnreadableTextError } from '../../platform/http/json-text.js';

/** midjourney-proxy's result codes the relay answers with itself. */
export const MJ_REQUEST_ERROR = 4;
export const MJ_UNKNOWN_ERROR = 5;

/** A failure answered in the proxy's error shape: `{description, type, code}`. */
export class MjError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly description: string,
    readonly type = 'upstream_error',
  ) {
    super(description);
  }

  body() {
    return { description: this.description, type: this.type, code: this.code };
  }
}

export const requestError = (description: string, status = 400) =>
  new MjError(status, MJ_REQUEST_ERROR, description);

/** The client's JSON object body; anything else is a code-4 refusal (never a 5xx). */
export function jsonBody(raw: unknown): Record<string, unknown> {
  if (!Buffer.isBuffer(raw) || raw.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeJsonText(raw));
  } catch (err) {
    throw requestError(err instanceof UnreadableTextError ? err.message : 'bind_request_body_failed');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw requestError('bind_request_body_failed');
  return parsed as Record<string, unknown>;
}
