import type { RelayError } from '../../errors.js';

/** Anthropic's error types, as its SDKs and docs name them. */
const TYPES = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'timeout_error',
  'api_error',
  'overloaded_error',
]);

/** The Anthropic error type that goes with an HTTP status. */
export function errorTypeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 504:
      return 'timeout_error';
    case 503:
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** The HTTP status Anthropic answers with for an error type (for errors met inside a stream). */
export function errorStatus(type: string): number {
  switch (type) {
    case 'invalid_request_error':
      return 400;
    case 'authentication_error':
      return 401;
    case 'billing_error':
      return 402;
    case 'permission_error':
      return 403;
    case 'not_found_error':
      return 404;
    case 'request_too_large':
      return 413;
    case 'rate_limit_error':
      return 429;
    case 'timeout_error':
      return 504;
    case 'overloaded_error':
      return 529;
    default:
      return 500;
  }
}

export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
  request_id: string;
}

/**
 * Anthropic's error shape. An error that came from a Claude upstream keeps its type; every other
 * error (the gateway's own, an OpenAI upstream's) gets the type its status has at Anthropic.
 */
export function anthropicErrorBody(err: RelayError, requestId: string): AnthropicErrorBody {
  const type = TYPES.has(err.type) ? err.type : errorTypeForStatus(err.status);
  return {
    type: 'error',
    error: { type, message: `${err.message} (request id: ${requestId})` },
    request_id: requestId,
  };
}

/** The `event: error` frame that ends a committed stream. */
export function anthropicStreamErrorFrame(err: RelayError, requestId: string): string {
  return `event: error\ndata: ${JSON.stringify(anthropicErrorBody(err, requestId))}\n\n`;
}
