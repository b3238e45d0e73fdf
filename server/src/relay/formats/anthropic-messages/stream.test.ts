import { describe, expect, it } from 'vitest';
import { MessagesStreamDecoder } from './stream-decode.js';
import { MessagesStreamEncoder } from './stream-encode.js';

const ev = (event: string, data: unknown) => ({ event, data: JSON.stringify(data) });

describe('Anthropic streams → hub', () => {
  it('decodes blocks, deltas, the stop reason, usage halves and errors', () => {
    const d = new MessagesStreamDecoder();
    const usage = {
      input_tokens: 10,
      output_tokens: 1,
      cache_read_input_tokens: 4,
      cache_creation_input_tokens: 2,
    };
    expect(
      d.push(ev('message_start', { type: 'message_start', message: { id: 'msg_1', model: 'c', usage } })),
    ).toEqual([
      { type: 'start', id: 'msg_1', model: 'c' },
      {
        type: 'usage',
        usage: { promptTokens: 16, completionTokens: 1, cachedTokens: 4, cacheCreationTokens: 2 },
      },
    ]);
    expect(d.push(ev('ping', { type: 'ping' }))).toEqual([]);
    expect(
      d.push(
        ev('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'thinking', thinking: '' },
        }),
      ),
    ).toEqual([]);
    expect(
      d.push(
        ev('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'thinking_delta', thinking: 'hm' },
        }),
      ),
    ).toEqual([{ type: 'thinking', text: 'hm' }]);
    expect(
      d.push(
        ev('content_block_delta', {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'signature_delta', signature: 's' },
        }),
      ),
    ).toEqual([]);
    expect(
      d.push(
        ev('content_block_delta', {
          type: 'content_block_delta',
          index: 1,
          delta: { type: 'text_delta', text: 'hi' },
        }),
      ),
    ).toEqual([{ type: 'text', text: 'hi' }]);
    expect(
      d.push(
        ev('content_block_start', {
          type: 'content_block_start',
          index: 2,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
        }),
      ),
    ).toEqual([{ type: 'tool_call_start', index: 2, id: 'toolu_1', name: 'f' }]);
    expect(
      d.push(
        ev('content_block_delta', {
          type: 'content_block_delta',
          index: 2,
          delta: { type: 'input_json_delta', partial_json: '{"a"' },
        }),
      ),
    ).toEqual([{ type: 'tool_call_arguments', index: 2, fragment: '{"a"' }]);
    expect(
      d.push(
        ev('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: 'tool_use' },
          usage: { output_tokens: 9 },
        }),
      ),
    ).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      {
        type: 'usage',
        usage: { promptTokens: 16, completionTokens: 9, cachedTokens: 4, cacheCreationTokens: 2 },
      },
    ]);
    expect(
      d.push(ev('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })),
    ).toEqual([{ type: 'error', message: 'Overloaded', errorType: 'overloaded_error', status: 529 }]);
  });
});

describe('hub → Anthropic streams', () => {
  it('opens and closes one block per run, and ends with the stop reason and the whole usage', () => {
    const e = new MessagesStreamEncoder({ model: 'client-model' });
    const text = [
      e.push({ type: 'start', id: 'chatcmpl-1', model: 'gpt-x' }),
      e.push({ type: 'thinking', text: 'hm' }),
      e.push({ type: 'text', text: 'a' }),
      e.push({ type: 'text', text: 'b' }),
      e.push({ type: 'tool_call_start', index: 0, id: 'call_1', name: 'f' }),
      e.push({ type: 'tool_call_arguments', index: 0, fragment: '{}' }),
      e.push({ type: 'tool_call_arguments', index: 5, fragment: 'lost' }),
      e.push({ type: 'finish', reason: 'tool_calls' }),
      e.finish({ promptTokens: 50, completionTokens: 7, cachedTokens: 30, cacheCreationTokens: 0 }),
    ].join('');
    const frames = text
      .split('\n\n')
      .filter(Boolean)
      .map((f) => {
        const [eventLine, dataLine] = f.split('\n');
        return {
          event: eventLine!.slice('event: '.length),
          data: JSON.parse(dataLine!.slice('data: '.length)) as Record<string, unknown>,
        };
      });
    expect(frames.map((f) => f.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(frames[0]!.data).toMatchObject({
      message: { id: 'msg_chatcmpl-1', model: 'gpt-x', role: 'assistant' },
    });
    expect(frames[4]!.data).toEqual({
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'text', text: '' },
    });
    expect(frames[8]!.data).toEqual({
      type: 'content_block_start',
      index: 2,
      content_block: { type: 'tool_use', id: 'call_1', name: 'f', input: {} },
    });
    expect(frames[9]!.data).toEqual({
      type: 'content_block_delta',
      index: 2,
      delta: { type: 'input_json_delta', partial_json: '{}' },
    });
    expect(frames[11]!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: {
        input_tokens: 20,
        output_tokens: 7,
        cache_read_input_tokens: 30,
        cache_creation_input_tokens: 0,
      },
    });
  });

  it('still sends a complete message when no event came before the end', () => {
    const e = new MessagesStreamEncoder({ model: 'm' });
    const events = e
      .finish(null)
      .split('\n\n')
      .filter(Boolean)
      .map((f) => f.split('\n')[0]);
    expect(events).toEqual(['event: message_start', 'event: message_delta', 'event: message_stop']);
  });
});
