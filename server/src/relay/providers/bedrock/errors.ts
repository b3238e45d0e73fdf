import { errorTypeForStatus } from '../../formats/anthropic-messages/errors.js';
import type { UpstreamErrorInfo, UpstreamHeaders } from '../types.js';

/**
 * AWS answers `{"message": "..."}` with the error's name in `x-amzn-errortype`
 * (`ValidationException:http://internal.amazon.com/...`). The name becomes the code; the type is
 * Anthropic's for the status, so Anthropic clients see their own error kinds.
 */
export function parseBedrockError(
  status: number,
  body: Buffer,
  headers?: UpstreamHeaders,
): UpstreamErrorInfo {
  const raw = headers?.['x-amzn-errortype'];
  const named = (Array.isArray(raw) ? raw[0] : raw)?.split(':')[0] ?? '';
  let message: string;
  let bodyType = '';
  try {
    const json = JSON.parse(body.toString('utf8')) as {
      message?: unknown;
      Message?: unknown;
      __type?: unknown;
    };
    message = String(json.message ?? json.Message ?? '');
    bodyType = typeof json.__type === 'string' ? (json.__type.split('#').pop() ?? '') : '';
  } catch {
    message = body.toString('utf8').slice(0, 500);
  }
  const code = named || bodyType || `aws_status_${status}`;
  return {
    message: message || `bad response status code ${status}`,
    type: errorTypeForStatus(status),
    code,
    param: null,
  };
}
