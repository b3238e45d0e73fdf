/** AWS's REST-JSON errors: `{"message": ...}` with the error's name in `x-amzn-errortype`. */
import type { ProtocolFamily } from '../router.js';
import type { ErrorSpec } from '../types.js';

const STATUS_DEFAULTS: Record<number, { type: string; message: string }> = {
  400: {
    type: 'ValidationException',
    message: 'Malformed input request, please reformat your input and try again.',
  },
  403: {
    type: 'AccessDeniedException',
    message: "You don't have access to the model with the specified model ID.",
  },
  404: {
    type: 'ResourceNotFoundException',
    message: 'Could not resolve the foundation model from the provided model identifier.',
  },
  408: { type: 'ModelTimeoutException', message: 'Model has timed out in processing the request.' },
  424: { type: 'ModelErrorException', message: 'The model produced an error.' },
  429: { type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' },
  500: { type: 'InternalServerException', message: 'The server encountered an internal error.' },
  503: { type: 'ServiceUnavailableException', message: 'Bedrock is unable to process your request.' },
};

function defaults(error: ErrorSpec): { type: string; message: string } {
  const fallback = STATUS_DEFAULTS[error.status] ?? {
    type: error.status >= 500 ? 'InternalServerException' : 'ValidationException',
    message: `Request failed with status ${error.status}.`,
  };
  return { type: error.type ?? fallback.type, message: error.message ?? fallback.message };
}

/** An AWS error reply: `type` names the exception (`x-amzn-errortype`), the body has the message. */
export function awsError(error: ErrorSpec): ErrorSpec {
  return { ...error, ...defaults(error) };
}

export const bedrockFamily: ProtocolFamily = {
  name: 'bedrock',
  errorBody: (error) => ({ message: defaults(error).message }),
  errorHeaders: (error) => ({
    'x-amzn-errortype': `${defaults(error).type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
  }),
  invalidKey: () =>
    awsError({
      status: 403,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    }),
  missingKey: () =>
    awsError({
      status: 403,
      type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    }),
  defaultFailure: () => awsError({ status: 500 }),
  baseHeaders: () => ({ 'x-amzn-requestid': crypto.randomUUID() }),
};
