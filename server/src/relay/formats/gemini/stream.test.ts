import { describe, expect, it } from 'vitest';
import { GeminiStreamDecoder } from './stream-decode.js';
import { GeminiStreamEncoder } from './stream-encode.js';

const ev = (data: unknown) => ({ event: 'message', data: JSON.stringify(data) });
const chunk = (
  parts: unknown[],
  extra: Record<string, unknown> = {},
  candidate: Record<string, unknown> = {},
) => ({
  candidates: [{ content: { role: 'model', parts }, ...candidate }],
  ...extra,
});

describe('Gemini streams → hub', () => {
  it('decodes text, thoughts, whole function calls, the finish reason, running usage and errors', () => {
    const d = new GeminiStreamDecoder();
    expect(
      d.push(ev(chunk([{ text: 'hm', thought: true }], { responseId: 'r', modelVersion: 'g' }))),
    ).toEqual([
      { type: 'start', id: 'r', model: 'g' },
      { type: 'thinking', text: 'hm' },
    ]);
    expect(
      d.push(
        ev(chunk([{ text: 'Hi' }], { usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 1 } })),
      ),
    ).toEqual([
      { type: 'text', text: 'Hi' },
      {
        type: 'usage',
        usage: { promptTokens: 4, completionTokens: 1, cachedTokens: 0, cacheCreationTokens: 0 },
      },
    ]);
    expect(d.push(ev(chunk([{ functionCall: { name: 'f', args: { a: 1 } } }])))).toEqual([
      { type: 'tool_call_start', index: 0, id: 'call_0', name: 'f' },
      { type: 'tool_call_arguments', index: 0, fragment: '{"a":1}' },
    ]);
    // STOP after a call is a tool-call finish, even in a later chunk.
    expect(
      d.push(
        ev(
          chunk(
            [{ text: '' }],
            { usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 6, thoughtsTokenCount: 2 } },
            { finishReason: 'STOP' },
          ),
        ),
      ),
    ).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      {
        type: 'usage',
        usage: { promptTokens: 4, completionTokens: 8, cachedTokens: 0, cacheCreationTokens: 0 },
      },
    ]);
    expect(d.push(ev({ error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' } }))).toEqual([
      { type: 'error', message: 'quota', errorType: 'RESOURCE_EXHAUSTED', status: 429 },
    ]);
    expect(new GeminiStreamDecoder().push(ev({ error: { message: 'x', status: 'UNAVAILABLE' } }))).toEqual([
      { type: 'error', message: 'x', errorType: 'UNAVAILABLE', status: 503 },
    ]);
    expect(d.push({ event: 'message', data: 'not json' })).toEqual([]);
  });
});

describe('hub → Gemini streams', () => {
  const frames = (out: string) =>
    out
      .split('\n\n')
      .filter(Boolean)
      .map((f) => JSON.parse(f.slice('data: '.length)) as Record<string, unknown>);

  it('writes text as it comes, a call whole once its arguments are complete, usage in the last frame', () => {
    const e = new GeminiStreamEncoder({ model: 'asked' });
    expect(e.push({ type: 'start', id: 'chatcmpl-9', model: 'upstream-m' })).toBe('');
    expect(frames(e.push({ type: 'text', text: 'Hi' }))).toEqual([
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }],
        modelVersion: 'upstream-m',
        responseId: 'chatcmpl-9',
      },
    ]);
    expect(e.push({ type: 'tool_call_start', index: 0, id: 'c1', name: 'f' })).toBe('');
    expect(e.push({ type: 'tool_call_arguments', index: 0, fragment: '{"a"' })).toBe('');
    expect(e.push({ type: 'tool_call_arguments', index: 0, fragment: ':1}' })).toBe('');
    expect(e.push({ type: 'finish', reason: 'tool_calls' })).toBe('');
    expect(
      frames(e.finish({ promptTokens: 7, completionTokens: 3, cachedTokens: 2, cacheCreationTokens: 0 })),
    ).toEqual([
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'f', args: { a: 1 } } }] },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: 7,
          candidatesTokenCount: 3,
          totalTokenCount: 10,
          cachedContentTokenCount: 2,
        },
        modelVersion: 'upstream-m',
        responseId: 'chatcmpl-9',
      },
    ]);
  });

  it('flushes a pending call before later text, and closes an empty stream with an empty part', () => {
    const e = new GeminiStreamEncoder({ model: 'm' });
    e.push({ type: 'tool_call_start', index: 0, id: 'c', name: 'f' });
    const out = frames(e.push({ type: 'thinking', text: 'then' }));
    expect(
      out.map((f) => (f.candidates as Array<{ content: { parts: unknown[] } }>)[0]!.content.parts),
    ).toEqual([[{ functionCall: { id: 'c', name: 'f', args: {} } }], [{ text: 'then', thought: true }]]);
    const last = frames(new GeminiStreamEncoder({ model: 'm' }).finish(null))[0]!;
    expect(last).toMatchObject({
      candidates: [{ content: { parts: [{ text: '' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 },
      modelVersion: 'm',
      responseId: 'gateway',
    });
  });
});
