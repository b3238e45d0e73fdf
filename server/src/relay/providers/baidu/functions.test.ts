import { describe, expect, it } from 'vitest';
import type { HubMessage, HubRequest } from '../../formats/hub.js';
import { BaiduStreamDecoder, baiduChatBody, baiduResponseToHub } from './format.js';

const WEATHER = {
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const hub = (over: Partial<HubRequest> = {}): HubRequest => ({
  model: 'ERNIE-4.0-8K',
  system: [],
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 0,
  stop: [],
  stream: false,
  ...over,
});

const call = (id: string, city: string) =>
  ({ type: 'tool_call', id, name: 'get_weather', arguments: `{"city":"${city}"}` }) as const;

describe('ERNIE function calling, request', () => {
  it('offers tools as `functions` and a named tool choice as `tool_choice`', () => {
    const body = baiduChatBody(hub({ tools: [WEATHER], toolChoice: { type: 'tool', name: 'get_weather' } }));
    expect(body.functions).toEqual([WEATHER]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
  });

  it('offers no functions for tool choice `none`, and no tool_choice for `auto`/`required`', () => {
    expect(baiduChatBody(hub({ tools: [WEATHER], toolChoice: { type: 'none' } }))).not.toHaveProperty(
      'functions',
    );
    const required = baiduChatBody(hub({ tools: [WEATHER], toolChoice: { type: 'required' } }));
    expect(required.functions).toEqual([WEATHER]);
    expect(required).not.toHaveProperty('tool_choice');
  });

  it('sends a call as the assistant `function_call` and its result as a `function` turn', () => {
    const messages: HubMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'weather in Paris?' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'let me look' }, call('c1', 'Paris')] },
      { role: 'user', parts: [{ type: 'tool_result', callId: 'c1', content: 'sunny' }] },
    ];
    expect(baiduChatBody(hub({ messages })).messages).toEqual([
      { role: 'user', content: 'weather in Paris?' },
      {
        role: 'assistant',
        content: 'let me look',
        function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
      { role: 'function', name: 'get_weather', content: 'sunny' },
    ]);
  });

  it('splits parallel calls into call/answer pairs; user words after results join the last one; images dropped', () => {
    const messages: HubMessage[] = [
      {
        role: 'user',
        parts: [
          { type: 'text', text: 'Paris and Rome?' },
          { type: 'image', image: { url: 'https://x/y.png' } },
        ],
      },
      { role: 'assistant', parts: [call('c1', 'Paris'), call('c2', 'Rome')] },
      {
        role: 'user',
        parts: [
          { type: 'tool_result', callId: 'c1', content: 'sunny' },
          { type: 'tool_result', callId: 'c2', content: 'rain' },
          { type: 'text', text: 'compare them' },
        ],
      },
    ];
    expect(baiduChatBody(hub({ messages })).messages).toEqual([
      { role: 'user', content: 'Paris and Rome?' },
      {
        role: 'assistant',
        content: '',
        function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
      { role: 'function', name: 'get_weather', content: 'sunny' },
      {
        role: 'assistant',
        content: '',
        function_call: { name: 'get_weather', arguments: '{"city":"Rome"}' },
      },
      { role: 'function', name: 'get_weather', content: 'rain\ncompare them' },
    ]);
  });
});

describe('ERNIE parallel results out of order', () => {
  it('makes each function turn follow the call it answers', () => {
    const messages: HubMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'Paris and Rome?' }] },
      { role: 'assistant', parts: [call('c1', 'Paris'), call('c2', 'Rome')] },
      {
        role: 'user',
        parts: [
          { type: 'tool_result', callId: 'c2', content: 'rain' },
          { type: 'tool_result', callId: 'c1', content: 'sunny' },
        ],
      },
    ];
    expect(baiduChatBody(hub({ messages })).messages).toEqual([
      { role: 'user', content: 'Paris and Rome?' },
      {
        role: 'assistant',
        content: '',
        function_call: { name: 'get_weather', arguments: '{"city":"Rome"}' },
      },
      { role: 'function', name: 'get_weather', content: 'rain' },
      {
        role: 'assistant',
        content: '',
        function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
      { role: 'function', name: 'get_weather', content: 'sunny' },
    ]);
  });
});

describe('ERNIE function calling, answers', () => {
  const functionCall = { name: 'get_weather', arguments: '{"city":"Paris"}', thoughts: '需要查天气' };

  it('reads `function_call` as a tool call with a fresh id, `thoughts` as reasoning', () => {
    const res = baiduResponseToHub({
      id: 'as-1',
      result: '',
      finish_reason: 'function_call',
      function_call: functionCall,
    });
    expect(res.finish).toBe('tool_calls');
    expect(res.parts).toEqual([
      { type: 'thinking', text: '需要查天气' },
      {
        type: 'tool_call',
        id: expect.stringMatching(/^call_\w{24}$/),
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
      },
    ]);
  });

  it('streams the call from the last event, whole', () => {
    const events = new BaiduStreamDecoder().push({
      event: 'message',
      data: JSON.stringify({
        id: 'as-1',
        result: '',
        is_end: true,
        finish_reason: 'function_call',
        function_call: functionCall,
      }),
    });
    expect(events).toEqual([
      { type: 'start', id: 'as-1', model: '' },
      { type: 'thinking', text: '需要查天气' },
      { type: 'tool_call_start', index: 0, id: expect.stringMatching(/^call_/), name: 'get_weather' },
      { type: 'tool_call_arguments', index: 0, fragment: '{"city":"Paris"}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });
});
