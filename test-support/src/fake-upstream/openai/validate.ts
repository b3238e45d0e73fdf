/**
 * The checks OpenAI itself makes before doing any work. They are here so that gateway bugs which
 * the real API would reject (a dropped `model`, `stream_options` left on a non-streamed request,
 * `max_tokens` sent to an o-series model) fail in tests too. `skipValidation` turns them off.
 */
import type { HandlerContext } from '../router.js';
import type { ErrorSpec } from '../types.js';

const PARSE_ERROR =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)";

function missing(param: string): ErrorSpec {
  return {
    status: 400,
    message: `Missing required parameter: '${param}'.`,
    type: 'invalid_request_error',
    param,
    code: 'missing_required_parameter',
  };
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * @param required body fields the endpoint cannot work without, besides `model`.
 * @param modelRequired false for endpoints where OpenAI has a default model (moderations, images).
 */
export function validateOpenAIRequest(
  ctx: HandlerContext,
  required: string[],
  modelRequired = true,
): ErrorSpec | null {
  if (ctx.spec.skipValidation) return null;
  if (ctx.invalidJson) return { status: 400, message: PARSE_ERROR, type: 'invalid_request_error' };
  const body = ctx.body;
  // Azure names the model in the URL (the deployment), so the body may leave it out.
  const model = body.model ?? ctx.params.deployment;
  if (modelRequired && isEmpty(model)) {
    return { status: 400, message: 'you must provide a model parameter', type: 'invalid_request_error' };
  }
  for (const field of required) if (isEmpty(body[field])) return missing(field);
  if (body.stream_options != null && body.stream !== true) {
    return {
      status: 400,
      message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      type: 'invalid_request_error',
      param: 'stream_options',
    };
  }
  return validateReasoningModel(String(model ?? ''), body);
}

/** o1/o3/o4 models take `max_completion_tokens` and only the default temperature. */
function validateReasoningModel(model: string, body: Record<string, unknown>): ErrorSpec | null {
  if (!/^o\d/.test(model)) return null;
  if (body.max_tokens !== undefined) {
    return {
      status: 400,
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    };
  }
  if (body.temperature !== undefined && body.temperature !== 1) {
    return {
      status: 400,
      message: `Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`,
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'unsupported_value',
    };
  }
  return null;
}
