import { describe, expect, it } from 'vitest';
import type { SseEvent } from '../../stream/sse-parser.js';
import { ResponsesStreamDecoder } from './stream-decode.js';
import { ResponsesStreamEncoder } from './stream-encode.js';

const ev = (type: string, fields: Record<string, unknown> = {}): SseEvent => ({
  event: type,
  data: JSON.stringify({ type, ...fields }),
});

/** Parses encoder output back into its events (name and payload). */
function frames(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => {
      const [line1, line2] = frame.split('\n');
      return { event: line1!.slice(7), data: JSON.parse(line2!.slice(6)) as Record<string, unknown> };
    });
}

const USAGE = {
  input_tokens: 30,
  input_tokens_details: { cached_tokens: 10 },
  output_tokens: 8,
  output_tokens_details: { reasoning_tokens: 2 },
  total_tokens: 38,
};

describe('Responses streams → hub', () => {
  it('decodes the start, deltas, function calls, the finish with usage, and errors', () => {
    const d = new ResponsesStreamDecoder();
    expect(d.push(ev('response.created', { response: { id: 'resp_1', model: 'gpt-4.1' } }))).toEqual([
      { type: 'start', id: 'resp_1', model: 'gpt-4.1' },
    ]);
    expect(d.push(ev('response.output_item.added', { output_index: 0, item: { type: 'message' } }))).toEqual(
      [],
    );
    expect(d.push(ev('response.reasoning_summary_text.delta', { delta: 'hm' }))).toEqual([
      { type: 'thinking', text: 'hm' },
    ]);
    expect(d.push(ev('response.output_text.delta', { delta: 'Hi' }))).toEqual([{ type: 'text', text: 'Hi' }]);
    expect(
      d.push(
        ev('response.output_item.added', {
          output_index: 1,
          item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '' },
        }),
      ),
    ).toEqual([{ type: 'tool_call_start', index: 1, id: 'call_1', name: 'f' }]);
    expect(d.push(ev('response.function_call_arguments.delta', { output_index: 1, delta: '{}' }))).toEqual([
      { type: 'tool_call_arguments', index: 1, fragment: '{}' },
    ]);
    expect(d.push(ev('response.completed', { response: { status: 'completed', usage: USAGE } }))).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      {
        type: 'usage',
        usage: { promptTokens: 30, completionTokens: 8, cachedTokens: 10, cacheCreationTokens: 0 },
      },
    ]);
    expect(
      new ResponsesStreamDecoder().push(
        ev('response.incomplete', {
          response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
        }),
      ),
    ).toEqual([{ type: 'finish', reason: 'length' }]);
    expect(d.push(ev('error', { code: 'rate_limit_exceeded', message: 'slow down' }))).toEqual([
      { type: 'error', message: 'slow down', errorType: 'rate_limit_exceeded', status: 429 },
    ]);
    expect(
      d.push(ev('response.failed', { response: { error: { code: 'server_error', message: 'boom' } } })),
    ).toEqual([{ type: 'error', message: 'boom', errorType: 'server_error', status: 500 }]);
  });
});

describe('hub → Responses streams', () => {
  it('writes items with their added, delta and done events, then response.completed with usage', () => {
    const e = new ResponsesStreamEncoder({ model: 'client-model' });
    let out = e.push({ type: 'start', id: 'msg_9', model: 'claude-x' });
    out += e.push({ type: 'thinking', text: 'hm' });
    out += e.push({ type: 'text', text: 'Hel' });
    out += e.push({ type: 'text', text: 'lo' });
    out += e.push({ type: 'tool_call_start', index: 3, id: 'toolu_1', name: 'f' });
    out += e.push({ type: 'tool_call_arguments', index: 3, fragment: '{"a"' });
    out += e.push({ type: 'tool_call_arguments', index: 3, fragment: ':1}' });
    out += e.push({ type: 'finish', reason: 'tool_calls' });
    out += e.finish({ promptTokens: 20, completionTokens: 6, cachedTokens: 5, cacheCreationTokens: 0 });
    const events = frames(out);
    expect(events.map((f) => f.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((f) => f.data.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events.every((f) => f.data.type === f.event)).toBe(true);
    expect(events[12]!.data).toMatchObject({ item_id: 'msg_msg_9_1', output_index: 1, text: 'Hello' });
    expect(events[18]!.data).toMatchObject({ item_id: 'fc_msg_9_2', output_index: 2, arguments: '{"a":1}' });
    expect(events.at(-1)!.data.response).toMatchObject({
      id: 'resp_msg_9',
      status: 'completed',
      model: 'claude-x',
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'hm' }] },
        { type: 'message', content: [{ type: 'output_text', text: 'Hello', annotations: [] }] },
        { type: 'function_call', call_id: 'toolu_1', name: 'f', arguments: '{"a":1}', status: 'completed' },
      ],
      usage: {
        input_tokens: 20,
        input_tokens_details: { cached_tokens: 5 },
        output_tokens: 6,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 26,
      },
    });
  });

  it('ends a cut-off answer with response.incomplete', () => {
    const e = new ResponsesStreamEncoder({ model: 'm' });
    let out = e.push({ type: 'text', text: 'x' });
    out += e.push({ type: 'finish', reason: 'length' });
    out += e.finish(null);
    const last = frames(out).at(-1)!;
    expect(last.event).toBe('response.incomplete');
    expect(last.data.response).toMatchObject({
      id: 'resp_gateway',
      model: 'm',
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      usage: null,
    });
  });
});
