import type { RelayError } from '../../errors.js';
import { openAIErrorBody } from '../openai-chat/errors.js';

/** Error answers of /v1/responses have OpenAI's usual `{"error":{…}}` shape. */
export const responsesErrorBody = openAIErrorBody;

/**
 * The `error` event that ends a Responses stream which broke after its first output. The
 * sequence number is the stream's business; the SDKs do not check it on errors.
 */
export function responsesStreamErrorFrame(err: RelayError, requestId: string): string {
  const { error } = openAIErrorBody(err, requestId);
  const body = {
    type: 'error',
    sequence_number: 0,
    code: error.code,
    message: error.message,
    param: error.param,
  };
  return `event: error\ndata: ${JSON.stringify(body)}\n\n`;
}
