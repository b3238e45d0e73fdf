import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { describe, expect, it } from 'vitest';
import { parseBedrockError } from './errors.js';
import { BedrockEventStreamDecoder } from './event-stream.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const str = (value: string) => ({ type: 'string' as const, value });

function frame(headers: MessageHeaders, body: unknown): Buffer {
  return Buffer.from(codec.encode({ headers, body: fromUtf8(JSON.stringify(body)) }));
}
const chunk = (event: unknown) =>
  frame(
    { ':event-type': str('chunk'), ':content-type': str('application/json'), ':message-type': str('event') },
    { bytes: Buffer.from(JSON.stringify(event)).toString('base64'), p: 'abc' },
  );
const exception = (type: string, message: string) =>
  frame(
    {
      ':exception-type': str(type),
      ':content-type': str('application/json'),
      ':message-type': str('exception'),
    },
    { message },
  );

describe('the Bedrock event stream decoder', () => {
  const start = { type: 'message_start', message: { id: 'm', usage: { input_tokens: 3, output_tokens: 1 } } };
  const delta = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } };

  it('yields the Anthropic events of chunk frames, whatever the byte boundaries', () => {
    const bytes = Buffer.concat([chunk(start), chunk(delta)]);
    const decoder = new BedrockEventStreamDecoder();
    const events = [];
    // One byte at a time: frames split anywhere, even inside the prelude.
    for (let i = 0; i < bytes.length; i++) events.push(...decoder.push(bytes.subarray(i, i + 1)));
    expect(decoder.end()).toEqual([]);
    expect(events).toEqual([
      { event: 'message_start', data: JSON.stringify(start) },
      { event: 'content_block_delta', data: JSON.stringify(delta) },
    ]);
  });

  it("turns exception frames into Anthropic error events with the exception's status class", () => {
    const decoder = new BedrockEventStreamDecoder();
    const [throttled] = decoder.push(exception('throttlingException', 'Too many tokens'));
    expect(throttled!.event).toBe('error');
    expect(JSON.parse(throttled!.data)).toMatchObject({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Too many tokens' },
      aws_exception: 'throttlingException',
    });
    const [failed] = decoder.push(exception('modelStreamErrorException', 'boom'));
    expect(JSON.parse(failed!.data)).toMatchObject({ error: { type: 'api_error', message: 'boom' } });
  });

  it('rejects a corrupted frame (CRC) and a body cut inside a frame', () => {
    const bad = chunk(delta);
    bad[bad.length - 1] ^= 0xff;
    expect(() => new BedrockEventStreamDecoder().push(bad)).toThrow();
    const cut = new BedrockEventStreamDecoder();
    cut.push(chunk(delta).subarray(0, 20));
    expect(() => cut.end()).toThrow();
  });
});

describe('Bedrock errors', () => {
  it('names the AWS error as the code and uses the Anthropic type of the status', () => {
    const info = parseBedrockError(
      403,
      Buffer.from('{"message":"The request signature we calculated does not match"}'),
      {
        'x-amzn-errortype':
          'InvalidSignatureException:http://internal.amazon.com/coral/com.amazon.coral.service/',
      },
    );
    expect(info).toEqual({
      message: 'The request signature we calculated does not match',
      type: 'permission_error',
      code: 'InvalidSignatureException',
      param: null,
    });
    expect(parseBedrockError(429, Buffer.from('{"message":"slow down"}'))).toMatchObject({
      type: 'rate_limit_error',
      code: 'aws_status_429',
    });
  });
});
