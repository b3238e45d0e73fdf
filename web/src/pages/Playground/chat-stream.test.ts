import { describe, expect, it } from 'vitest';
import { parseStreamData, readChatStream, type StreamEvent } from './chat-stream';

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>) {
  const out: StreamEvent[] = [];
  for await (const event of readChatStream(body)) out.push(event);
  return out;
}

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

describe('readChatStream', () => {
  it('yields the text deltas and the end marker, across chunk boundaries', async () => {
    const whole = chunk('Hel') + ': ping\n\n' + chunk('lo') + 'data: [DONE]\n\n';
    const events = await collect(streamOf(whole.slice(0, 17), whole.slice(17, 50), whole.slice(50)));
    expect(events).toEqual([{ kind: 'delta', text: 'Hel' }, { kind: 'delta', text: 'lo' }, { kind: 'done' }]);
  });

  it('reports an error event with its message', async () => {
    const events = await collect(
      streamOf(chunk('part'), `data: ${JSON.stringify({ error: { message: 'upstream broke' } })}\n\n`),
    );
    expect(events).toEqual([
      { kind: 'delta', text: 'part' },
      { kind: 'error', detail: 'upstream broke' },
    ]);
  });

  it('ends without a done event when the stream just closes, reading a last unterminated line', async () => {
    expect(await collect(streamOf(chunk('a'), 'data: {"choices":[{"delta":{"content":"b"}}]}'))).toEqual([
      { kind: 'delta', text: 'a' },
      { kind: 'delta', text: 'b' },
    ]);
  });
});

describe('parseStreamData', () => {
  it('ignores usage-only chunks and garbage', () => {
    expect(parseStreamData('{"choices":[],"usage":{"total_tokens":3}}')).toEqual([]);
    expect(parseStreamData('not json')).toEqual([]);
  });
});
