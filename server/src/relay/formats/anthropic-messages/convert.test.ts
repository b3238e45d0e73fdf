import { describe, expect, it } from 'vitest';
import type { HubRequest } from '../hub.js';
import { anthropicErrorBody } from './errors.js';
import { messagesRequestFromHub, messagesRequestToHub } from './request.js';
import { messageFromHub, messageToHub } from './response.js';
import { RelayError } from '../../errors.js';

const HUB: HubRequest = {
  model: 'claude-x',
  system: ['be brief'],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'what is here?' },
        { type: 'image', image: { url: 'data:image/png;base64,AAAA' } },
        { type: 'image', image: { url: 'https://example.com/cat.png' } },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'thinking', text: 'hm', signature: 'sig' },
        { type: 'text', text: 'let me look' },
        { type: 'tool_call', id: 'toolu_1', name: 'look', arguments: '{"q":"x"}' },
      ],
    },
    {
      role: 'user',
      parts: [{ type: 'tool_result', callId: 'toolu_1', content: 'a cat', isError: true }],
    },
  ],
  tools: [{ name: 'look', description: 'looks', parameters: { type: 'object', properties: {} } }],
  toolChoice: { type: 'required' },
  maxTokens: 100,
  temperature: 0.5,
  topP: 0.9,
  stop: ['END'],
  stream: true,
  user: 'u1',
  thinkingBudget: 2048,
};

const MESSAGES = {
  model: 'claude-x',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'what is here?' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hm', signature: 'sig' },
        { type: 'text', text: 'let me look' },
        { type: 'tool_use', id: 'toolu_1', name: 'look', input: { q: 'x' } },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a cat', is_error: true }],
    },
  ],
  max_tokens: 100,
  system: 'be brief',
  temperature: 0.5,
  top_p: 0.9,
  stop_sequences: ['END'],
  tools: [{ name: 'look', description: 'looks', input_schema: { type: 'object', properties: {} } }],
  tool_choice: { type: 'any' },
  metadata: { user_id: 'u1' },
  thinking: { type: 'enabled', budget_tokens: 2048 },
  stream: true,
};

describe('Anthropic requests ↔ hub', () => {
  it('writes a hub request as a Messages body', () => {
    expect(messagesRequestFromHub(HUB)).toEqual(MESSAGES);
  });

  it('reads a Messages body back into the same hub request', () => {
    expect(messagesRequestToHub(MESSAGES)).toEqual(HUB);
  });

  it('puts tool results first in the user turn, drops unsigned thinking and empty text, clamps temperature', () => {
    const body = messagesRequestFromHub({
      ...HUB,
      temperature: 1.7,
      thinkingBudget: undefined,
      messages: [
        {
          role: 'assistant',
          parts: [
            { type: 'thinking', text: 'from another provider' },
            { type: 'tool_call', id: 'c1', name: 'f', arguments: 'not json' },
          ],
        },
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'and also' },
            { type: 'text', text: '' },
            { type: 'tool_result', callId: 'c1', content: 'r' },
          ],
        },
      ],
    });
    expect(body.temperature).toBe(1);
    expect(body.messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: 'r' },
          { type: 'text', text: 'and also' },
        ],
      },
    ]);
  });

  it('reads string content, system blocks and tool results given as blocks; skips server tools', () => {
    const hub = messagesRequestToHub({
      model: 'c',
      max_tokens: 5,
      system: [
        { type: 'text', text: 'one ' },
        { type: 'text', text: 'two' },
      ],
      messages: [
        { role: 'user', content: 'hello' },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'done' }] }],
        },
      ],
      tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      tool_choice: { type: 'tool', name: 'f' },
    });
    expect(hub.system).toEqual(['one two']);
    expect(hub.messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'hello' }] },
      { role: 'user', parts: [{ type: 'tool_result', callId: 't', content: 'done' }] },
    ]);
    expect(hub.tools).toEqual([]);
    expect(hub.toolChoice).toEqual({ type: 'tool', name: 'f' });
  });
});

describe('Anthropic answers ↔ hub', () => {
  it('reads blocks, the stop reason and usage with the cache counted into the prompt', () => {
    const hub = messageToHub({
      id: 'msg_1',
      type: 'message',
      model: 'claude-x',
      content: [
        { type: 'thinking', thinking: 'hm', signature: 's' },
        { type: 'text', text: 'hi' },
        { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: 1 } },
      ],
      stop_reason: 'tool_use',
      usage: {
        input_tokens: 10,
        output_tokens: 3,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 20,
      },
    });
    expect(hub).toEqual({
      id: 'msg_1',
      model: 'claude-x',
      parts: [
        { type: 'thinking', text: 'hm', signature: 's' },
        { type: 'text', text: 'hi' },
        { type: 'tool_call', id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
      ],
      finish: 'tool_calls',
      usage: { promptTokens: 130, completionTokens: 3, cachedTokens: 100, cacheCreationTokens: 20 },
    });
  });

  it('writes a hub answer as a message, with input_tokens excluding the cache', () => {
    expect(
      messageFromHub({
        id: 'chatcmpl-9',
        model: 'gpt-x',
        parts: [
          { type: 'text', text: 'ok' },
          { type: 'tool_call', id: 'call_1', name: 'f', arguments: '{"a":1}' },
        ],
        finish: 'length',
        usage: { promptTokens: 50, completionTokens: 7, cachedTokens: 30, cacheCreationTokens: 0 },
      }),
    ).toEqual({
      id: 'msg_chatcmpl-9',
      type: 'message',
      role: 'assistant',
      model: 'gpt-x',
      content: [
        { type: 'text', text: 'ok' },
        { type: 'tool_use', id: 'call_1', name: 'f', input: { a: 1 } },
      ],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      usage: {
        input_tokens: 20,
        output_tokens: 7,
        cache_read_input_tokens: 30,
        cache_creation_input_tokens: 0,
      },
    });
  });
});

describe('Anthropic error bodies', () => {
  it('keeps a Claude error type and derives the others from the status', () => {
    const upstream = new RelayError(529, 'Overloaded', 'overloaded_error', { type: 'overloaded_error' });
    expect(anthropicErrorBody(upstream, 'r1')).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded (request id: r1)' },
      request_id: 'r1',
    });
    const cases: Array<[number, string]> = [
      [400, 'invalid_request_error'],
      [401, 'authentication_error'],
      [403, 'permission_error'],
      [404, 'not_found_error'],
      [429, 'rate_limit_error'],
      [500, 'api_error'],
      [502, 'api_error'],
      [503, 'overloaded_error'],
    ];
    for (const [status, type] of cases) {
      const body = anthropicErrorBody(new RelayError(status, 'x', 'c', { type: 'new_api_error' }), 'r');
      expect([status, body.error.type]).toEqual([status, type]);
    }
  });
});
