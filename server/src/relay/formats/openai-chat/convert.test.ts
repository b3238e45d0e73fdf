import { describe, expect, it } from 'vitest';
import type { HubRequest } from '../hub.js';
import { chatRequestFromHub, chatRequestToHub } from './request.js';
import { chatResponseFromHub, chatResponseToHub } from './response.js';
import { ChatStreamDecoder } from './stream-decode.js';
import { ChatStreamEncoder } from './stream-encode.js';

const HUB: HubRequest = {
  model: 'm',
  system: ['be brief'],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'what is here?' },
        { type: 'image', image: { url: 'data:image/png;base64,AAAA' } },
      ],
    },
    {
      role: 'assistant',
      parts: [{ type: 'tool_call', id: 'call_1', name: 'look', arguments: '{"q":"x"}' }],
    },
    { role: 'user', parts: [{ type: 'tool_result', callId: 'call_1', content: 'a cat' }] },
  ],
  tools: [{ name: 'look', description: 'looks', parameters: { type: 'object', properties: {} } }],
  toolChoice: { type: 'tool', name: 'look' },
  maxTokens: 100,
  temperature: 0.5,
  stop: ['END'],
  stream: true,
  user: 'u1',
};

const CHAT = {
  model: 'm',
  messages: [
    { role: 'system', content: 'be brief' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'what is here?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      ],
    },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{"q":"x"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'a cat' },
  ],
  max_tokens: 100,
  temperature: 0.5,
  stop: ['END'],
  tools: [
    {
      type: 'function',
      function: { name: 'look', description: 'looks', parameters: { type: 'object', properties: {} } },
    },
  ],
  tool_choice: { type: 'function', function: { name: 'look' } },
  user: 'u1',
  stream: true,
};

describe('OpenAI chat requests ↔ hub', () => {
  it('writes a hub request as a chat body', () => {
    expect(chatRequestFromHub(HUB)).toEqual(CHAT);
  });

  it('reads a chat body back into the same hub request', () => {
    expect(chatRequestToHub(CHAT)).toEqual({ ...HUB, topP: undefined });
  });

  it('joins system and developer messages, maps stop strings and merges tool results into one user turn', () => {
    const hub = chatRequestToHub({
      model: 'm',
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'a' }] },
        { role: 'system', content: 'b' },
        { role: 'tool', tool_call_id: 'x', content: 'r1' },
        { role: 'tool', tool_call_id: 'y', content: 'r2' },
      ],
      stop: 'STOP',
      max_completion_tokens: 7,
      tool_choice: 'required',
    });
    expect(hub.system).toEqual(['a', 'b']);
    expect(hub.stop).toEqual(['STOP']);
    expect(hub.maxTokens).toBe(7);
    expect(hub.toolChoice).toEqual({ type: 'required' });
    expect(hub.messages).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'tool_result', callId: 'x', content: 'r1' },
          { type: 'tool_result', callId: 'y', content: 'r2' },
        ],
      },
    ]);
  });
});

describe('OpenAI chat answers ↔ hub', () => {
  const completion = {
    id: 'chatcmpl-1',
    model: 'm',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: 'ok',
          reasoning_content: 'hmm',
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
      },
    ],
    usage: {
      prompt_tokens: 10,
      completion_tokens: 4,
      total_tokens: 14,
      prompt_tokens_details: { cached_tokens: 3 },
    },
  };

  it('reads reasoning, text, tool calls, the finish reason and usage', () => {
    expect(chatResponseToHub(completion)).toEqual({
      id: 'chatcmpl-1',
      model: 'm',
      parts: [
        { type: 'thinking', text: 'hmm' },
        { type: 'text', text: 'ok' },
        { type: 'tool_call', id: 'c', name: 'f', arguments: '{}' },
      ],
      finish: 'tool_calls',
      usage: { promptTokens: 10, completionTokens: 4, cachedTokens: 3, cacheCreationTokens: 0 },
    });
  });

  it('writes a hub answer as a chat.completion', () => {
    const out = chatResponseFromHub({
      id: 'msg_1',
      model: 'claude',
      parts: [
        { type: 'text', text: 'hi' },
        { type: 'tool_call', id: 't', name: 'f', arguments: '{"a":1}' },
      ],
      finish: 'length',
      usage: { promptTokens: 20, completionTokens: 5, cachedTokens: 8, cacheCreationTokens: 2 },
    });
    expect(out).toMatchObject({
      id: 'chatcmpl-msg_1',
      object: 'chat.completion',
      model: 'claude',
      choices: [
        {
          index: 0,
          finish_reason: 'length',
          message: {
            role: 'assistant',
            content: 'hi',
            tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
          },
        },
      ],
      usage: {
        prompt_tokens: 20,
        completion_tokens: 5,
        total_tokens: 25,
        prompt_tokens_details: { cached_tokens: 8 },
      },
    });
  });
});

describe('OpenAI chat streams ↔ hub', () => {
  const event = (data: unknown) => ({ event: 'message', data: JSON.stringify(data) });

  it('decodes role, reasoning, text, tool calls, finish, usage and error chunks', () => {
    const d = new ChatStreamDecoder();
    expect(
      d.push(
        event({ id: 'x', model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] }),
      ),
    ).toEqual([{ type: 'start', id: 'x', model: 'm' }]);
    expect(
      d.push(event({ choices: [{ index: 0, delta: { reasoning_content: 'r', content: 't' } }] })),
    ).toEqual([
      { type: 'thinking', text: 'r' },
      { type: 'text', text: 't' },
    ]);
    expect(
      d.push(
        event({
          choices: [
            {
              index: 0,
              delta: { tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"' } }] },
            },
          ],
        }),
      ),
    ).toEqual([
      { type: 'tool_call_start', index: 0, id: 'c', name: 'f' },
      { type: 'tool_call_arguments', index: 0, fragment: '{"' },
    ]);
    expect(d.push(event({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }))).toEqual([
      { type: 'finish', reason: 'tool_calls' },
    ]);
    expect(d.push(event({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2 } }))).toEqual([
      {
        type: 'usage',
        usage: { promptTokens: 5, completionTokens: 2, cachedTokens: 0, cacheCreationTokens: 0 },
      },
    ]);
    expect(d.push(event({ error: { message: 'boom', type: 'server_error' } }))).toEqual([
      { type: 'error', message: 'boom', errorType: 'server_error', status: 500 },
    ]);
    expect(d.push({ event: 'message', data: '[DONE]' })).toEqual([]);
  });

  it('encodes hub events as chunks, with the usage chunk only when the client asked', () => {
    const e = new ChatStreamEncoder({ model: 'client-model', clientWantsUsage: true });
    const frames = [
      e.push({ type: 'start', id: 'msg_1', model: 'claude' }),
      e.push({ type: 'text', text: 'hi' }),
      e.push({ type: 'tool_call_start', index: 3, id: 't', name: 'f' }),
      e.push({ type: 'tool_call_arguments', index: 3, fragment: '{}' }),
      e.push({ type: 'finish', reason: 'tool_calls' }),
      e.finish({ promptTokens: 9, completionTokens: 2, cachedTokens: 0, cacheCreationTokens: 0 }),
    ].join('');
    const chunks = frames
      .split('\n\n')
      .filter(Boolean)
      .map((f) => f.slice('data: '.length));
    expect(chunks.at(-1)).toBe('[DONE]');
    const parsed = chunks.slice(0, -1).map((c) => JSON.parse(c) as Record<string, unknown>);
    expect(parsed.map((c) => (c.choices as Array<{ delta: unknown }>)[0]?.delta ?? null)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'hi' },
      { tool_calls: [{ index: 0, id: 't', type: 'function', function: { name: 'f', arguments: '' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{}' } }] },
      {},
      null,
    ]);
    expect(parsed[0]).toMatchObject({
      id: 'chatcmpl-msg_1',
      object: 'chat.completion.chunk',
      model: 'claude',
    });
    expect(parsed[4]).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }] });
    expect(parsed[5]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
    });
    const quiet = new ChatStreamEncoder({ model: 'm', clientWantsUsage: false });
    quiet.push({ type: 'start', id: 'chatcmpl-9', model: 'm' });
    const end = quiet.finish({
      promptTokens: 1,
      completionTokens: 1,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(end).toBe('data: [DONE]\n\n');
  });
});
