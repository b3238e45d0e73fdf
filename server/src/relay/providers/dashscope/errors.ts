import { parseErrorBody } from '../openai/response.js';
import type { UpstreamErrorInfo } from '../types.js';

/** DashScope's native error fields, at the top level of a body or inside a task's `output`. */
export interface DashScopeError {
  code?: unknown;
  message?: unknown;
}

export function dashScopeErrorInfo(error: DashScopeError, fallback: string): UpstreamErrorInfo {
  const code = typeof error.code === 'string' ? error.code : '';
  return {
    message: typeof error.message === 'string' && error.message ? error.message : fallback,
    type: code || 'upstream_error',
    code,
    param: null,
  };
}

/**
 * Native errors are `{code, message, request_id}`; the compatible-mode chat endpoint answers
 * OpenAI's `{"error":{…}}`, which the OpenAI reading handles.
 */
export function parseDashScopeError(status: number, body: Buffer): UpstreamErrorInfo {
  try {
    const json = JSON.parse(body.toString('utf8')) as DashScopeError & { error?: unknown };
    if (json && typeof json.code === 'string' && !json.error) {
      return dashScopeErrorInfo(json, `bad response status code ${status}`);
    }
  } catch {
    // not JSON: the generic reading below
  }
  return parseErrorBody(status, body);
}
