import { describe, expect, it } from 'vitest';
import type { SseEvent } from '../../stream/sse-parser.js';
import { ResponsesPassThroughTranslator } from './responses.js';

const ev = (type: string, fields: Record<string, unknown> = {}): SseEvent => ({
  event: type,
  data: JSON.stringify({ type, ...fields }),
});

const USAGE = {
  input_tokens: 30,
  input_tokens_details: { cached_tokens: 10 },
  output_tokens: 8,
  output_tokens_details: { reasoning_tokens: 2 },
  total_tokens: 38,
};

describe('Responses pass-through commit point', () => {
  it('holds frames until the first output, then parses only final and error events', () => {
    const t = new ResponsesPassThroughTranslator();
    const created = ev('response.created', { response: { id: 'resp_1' } });
    expect(t.push(created)).toBe(`event: response.created\ndata: ${created.data}\n\n`);
    t.push(ev('response.output_item.added', { output_index: 0, item: { type: 'message' } }));
    expect(t.started).toBe(false);
    t.push(ev('response.output_text.delta', { delta: 'Hi' }));
    expect(t.started).toBe(true);
    t.push(ev('response.output_text.delta', { delta: ' there' }));
    t.push(ev('response.completed', { response: { status: 'completed', usage: USAGE } }));
    expect(t.usage).toEqual({
      promptTokens: 30,
      completionTokens: 8,
      cachedTokens: 10,
      cacheCreationTokens: 0,
    });
    expect(t.producedText()).toBe('Hi there');
    expect(t.finish(null)).toBe('');
  });

  it('fails the attempt on an error or response.failed before output, and never forwards it', () => {
    const early = new ResponsesPassThroughTranslator();
    early.push(ev('response.created', { response: { id: 'r' } }));
    expect(
      early.push(ev('response.failed', { response: { error: { code: 'server_error', message: 'x' } } })),
    ).toBe('');
    expect(early.started).toBe(false);
    expect(early.failure).toEqual({
      message: 'x',
      type: 'server_error',
      code: 'server_error',
      param: null,
      status: 500,
    });
    const late = new ResponsesPassThroughTranslator();
    late.push(ev('response.function_call_arguments.delta', { delta: '{' }));
    expect(late.started).toBe(true);
    expect(late.push(ev('error', { code: 'server_error', message: 'late' }))).toBe('');
    expect(late.failure?.message).toBe('late');
  });
});
