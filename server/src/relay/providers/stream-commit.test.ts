import { describe, expect, it } from 'vitest';
import type { InboundRequest } from './types.js';
import { ClaudeStreamTranslator } from './anthropic/stream.js';
import { OpenAIStreamTranslator } from './openai/stream.js';

/** The commit point of pass-through streams: the first output, or an error before it. */
const chatInbound = { mode: 'chat', model: 'm', clientWantsUsage: false } as InboundRequest;
const data = (payload: unknown) => ({ event: 'message', data: JSON.stringify(payload) });
const named = (event: string, payload: unknown) => ({ event, data: JSON.stringify(payload) });

describe('OpenAI pass-through commit point', () => {
  it('starts at the first chunk with content, not at the role chunk', () => {
    const t = new OpenAIStreamTranslator(chatInbound);
    const role = data({ id: 'c', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] });
    expect(t.push(role)).toBe(`data: ${role.data}\n\n`);
    expect(t.started).toBe(false);
    t.push(data({ id: 'c', choices: [{ index: 0, delta: { content: 'hi' } }] }));
    expect(t.started).toBe(true);
    expect(t.failure).toBeNull();
  });

  it('fails on an {"error":…} event before output, and stops at one after it', () => {
    const early = new OpenAIStreamTranslator(chatInbound);
    expect(early.push(data({ error: { message: 'boom', type: 'server_error' } }))).toBe('');
    expect(early.failure).toEqual({
      message: 'boom',
      type: 'server_error',
      code: '',
      param: null,
      status: 500,
    });
    const late = new OpenAIStreamTranslator(chatInbound);
    late.push(data({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 't' }] } }] }));
    expect(late.started).toBe(true);
    expect(late.push(data({ error: { message: 'late' } }))).toBe('');
    expect(late.failure).toEqual({
      message: 'late',
      type: 'upstream_error',
      code: '',
      param: null,
      status: 500,
    });
  });
});

describe('Claude pass-through commit point', () => {
  const start = named('message_start', {
    type: 'message_start',
    message: {
      id: 'msg',
      model: 'c',
      usage: { input_tokens: 7, output_tokens: 1, cache_read_input_tokens: 3 },
    },
  });

  it('forwards events as received, reads usage halves and starts at the first delta', () => {
    const t = new ClaudeStreamTranslator();
    expect(t.push(start)).toBe(`event: message_start\ndata: ${start.data}\n\n`);
    t.push(named('ping', { type: 'ping' }));
    t.push(
      named('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      }),
    );
    expect(t.started).toBe(false);
    t.push(
      named('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: 'Hi' },
      }),
    );
    expect(t.started).toBe(true);
    t.push(
      named('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { output_tokens: 4 },
      }),
    );
    expect(t.usage).toEqual({
      promptTokens: 10,
      completionTokens: 4,
      cachedTokens: 3,
      cacheCreationTokens: 0,
    });
    expect(t.producedText()).toBe('Hi');
    expect(t.finish(null)).toBe('');
  });

  it('fails on event: error before output', () => {
    const t = new ClaudeStreamTranslator();
    t.push(start);
    expect(
      t.push(named('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })),
    ).toBe('');
    expect(t.failure).toEqual({
      message: 'Overloaded',
      type: 'overloaded_error',
      code: 'overloaded_error',
      param: null,
      status: 529,
    });
  });
});
