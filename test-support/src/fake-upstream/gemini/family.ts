/** The Gemini protocol family: `{"error":{"code","message","status"}}` bodies. */
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

/** Google's status name and usual message for an HTTP status, so `{ status: 429 }` alone looks real. */
const STATUS_DEFAULTS: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', message: 'An internal error has occurred.' },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
};

export function geminiError(error: ErrorSpec): { code: number; message: string; status: string } {
  const fallback = STATUS_DEFAULTS[error.status] ?? {
    status: error.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT',
    message: `Request failed with status ${error.status}.`,
  };
  return {
    code: error.status,
    message: error.message ?? fallback.message,
    status: error.type ?? fallback.status,
  };
}

export const geminiFamily: ProtocolFamily = {
  name: 'gemini',
  errorBody: (error) => ({ error: geminiError(error) }),
  // What Google answers for a wrong key (400, not 401).
  invalidKey: () => ({
    status: 400,
    type: 'INVALID_ARGUMENT',
    message: 'API key not valid. Please pass a valid API key.',
  }),
  missingKey: () => ({
    status: 403,
    type: 'PERMISSION_DENIED',
    message:
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
  }),
  defaultFailure: () => ({ status: 500 }),
  baseHeaders: () => ({ server: 'scaffolding on HTTPServer2' }),
};
