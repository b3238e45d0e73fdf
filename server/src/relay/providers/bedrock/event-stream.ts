import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { StreamEventDecoder } from '../types.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
/** Total length (4 bytes) + headers length (4) + prelude CRC (4). */
const PRELUDE = 12;

/**
 * Status and Anthropic error type for AWS's stream exceptions, so they read like the errors an
 * Anthropic stream would carry (and fail the attempt the same way before any output).
 */
const EXCEPTIONS: Readonly<Record<string, { status: number; type: string }>> = {
  throttlingException: { status: 429, type: 'rate_limit_error' },
  serviceUnavailableException: { status: 503, type: 'overloaded_error' },
  internalServerException: { status: 500, type: 'api_error' },
  modelStreamErrorException: { status: 500, type: 'api_error' },
  modelTimeoutException: { status: 408, type: 'timeout_error' },
  validationException: { status: 400, type: 'invalid_request_error' },
};

function header(headers: Record<string, { value: unknown }>, name: string): string {
  const value = headers[name]?.value;
  return typeof value === 'string' ? value : '';
}

/** An Anthropic `error` event standing for an AWS exception (or error) frame. */
export function exceptionEvent(exceptionType: string, message: string): SseEvent {
  const known = EXCEPTIONS[exceptionType] ?? { status: 500, type: 'api_error' };
  return {
    event: 'error',
    data: JSON.stringify({
      type: 'error',
      error: { type: known.type, message: message || exceptionType },
      // Kept for logs: which AWS exception it was.
      aws_exception: exceptionType,
    }),
  };
}

/**
 * Decodes InvokeModelWithResponseStream's binary AWS event stream into the Anthropic events it
 * carries: each `chunk` frame holds one Anthropic stream event as base64 JSON in `bytes`.
 * Exception and error frames become Anthropic `error` events. Frame CRCs are checked by the codec.
 */
export class BedrockEventStreamDecoder implements StreamEventDecoder {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer | Uint8Array): SseEvent[] {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const events: SseEvent[] = [];
    while (this.buffer.length >= PRELUDE) {
      const total = this.buffer.readUInt32BE(0);
      if (total < PRELUDE + 4) throw new Error(`invalid event stream frame length ${total}`);
      if (this.buffer.length < total) break;
      const frame = this.buffer.subarray(0, total);
      this.buffer = this.buffer.subarray(total);
      const event = this.frame(frame);
      if (event) events.push(event);
    }
    return events;
  }

  end(): SseEvent[] {
    if (this.buffer.length > 0) throw new Error('event stream ended inside a frame');
    return [];
  }

  private frame(bytes: Uint8Array): SseEvent | null {
    const message = codec.decode(bytes);
    const headers = message.headers as Record<string, { value: unknown }>;
    const kind = header(headers, ':message-type');
    const payload = toUtf8(message.body);
    if (kind === 'exception') {
      return exceptionEvent(header(headers, ':exception-type'), messageOf(payload));
    }
    if (kind === 'error') {
      return exceptionEvent(header(headers, ':error-code'), header(headers, ':error-message'));
    }
    if (header(headers, ':event-type') !== 'chunk') return null;
    const encoded = (JSON.parse(payload) as { bytes?: string }).bytes;
    if (!encoded) return null;
    const data = Buffer.from(encoded, 'base64').toString('utf8');
    const type = (JSON.parse(data) as { type?: unknown }).type;
    return { event: typeof type === 'string' ? type : 'message', data };
  }
}

function messageOf(payload: string): string {
  try {
    const json = JSON.parse(payload) as { message?: unknown; Message?: unknown };
    return String(json.message ?? json.Message ?? '');
  } catch {
    return payload;
  }
}
