import type { RelayError } from '../../errors.js';

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** The OpenAI error shape, used by every OpenAI endpoint of the relay. */
export function openAIErrorBody(err: RelayError, requestId: string): OpenAIErrorBody {
  return {
    error: {
      message: `${err.message} (request id: ${requestId})`,
      type: err.type,
      param: err.options.param ?? null,
      code: err.code || null,
    },
  };
}

/** The `{"error":…}` event that ends an OpenAI stream which broke after its first output. */
export function openAIStreamErrorFrame(err: RelayError, requestId: string): string {
  return `data: ${JSON.stringify(openAIErrorBody(err, requestId))}\n\n`;
}
