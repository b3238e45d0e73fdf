import type { RelayError } from '../../errors.js';

/** Google's canonical error statuses (google.rpc.Code names), as Gemini answers them. */
const STATUS_BY_HTTP: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  402: 'FAILED_PRECONDITION',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const HTTP_BY_STATUS: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  DATA_LOSS: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** The Google status name that goes with an HTTP status. */
export function googleStatusFor(httpStatus: number): string {
  return STATUS_BY_HTTP[httpStatus] ?? (httpStatus >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
}

/** The HTTP status of a Google status name (for errors met inside a stream without a code). */
export function httpStatusOf(status: string): number {
  return HTTP_BY_STATUS[status] ?? 500;
}

export interface GeminiErrorBody {
  error: { code: number; message: string; status: string };
}

/**
 * Gemini's error shape. An error from a Gemini upstream keeps its status name; every other
 * error (the gateway's own, another family's) gets the name its HTTP status has at Google.
 */
export function geminiErrorBody(err: RelayError, requestId: string): GeminiErrorBody {
  const status = err.type in HTTP_BY_STATUS ? err.type : googleStatusFor(err.status);
  return { error: { code: err.status, message: `${err.message} (request id: ${requestId})`, status } };
}

/** Gemini ends a broken stream with the error object as one more data frame. */
export function geminiStreamErrorFrame(err: RelayError, requestId: string): string {
  return `data: ${JSON.stringify(geminiErrorBody(err, requestId))}\n\n`;
}
