import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors.js';
import type { HubRequest } from '../hub.js';
import { openAIChat } from '../openai-chat/index.js';
import { chatRequestFromHub, chatRequestToHub } from '../openai-chat/request.js';
import { openAIResponses } from './index.js';
import { responsesRequestFromHub, responsesRequestToHub } from './request.js';
import { responseFromHub, responseToHub } from './response.js';

const REQUEST = {
  model: 'gpt-4.1',
  instructions: 'Be brief.',
  input: [
    { role: 'developer', content: 'Answer in French.' },
    {
      type: 'message',
      role: 'user',
      content: [
        { type: 'input_text', text: 'Weather here?' },
        { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'auto' },
      ],
    },
    { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    { type: 'function_call_output', call_id: 'call_1', output: '{"temp":21}' },
    { type: 'reasoning', id: 'rs_1', summary: [] },
  ],
  tools: [
    { type: 'function', name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
    { type: 'web_search_preview' },
  ],
  tool_choice: { type: 'function', name: 'get_weather' },
  text: { format: { type: 'json_schema', name: 'w', schema: { type: 'object' }, strict: true } },
  max_output_tokens: 300,
  temperature: 0.5,
  top_p: 0.9,
  reasoning: { effort: 'low' },
  stream: true,
  user: 'u1',
};

const HUB: HubRequest = {
  model: 'gpt-4.1',
  system: ['Be brief.', 'Answer in French.'],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'Weather here?' },
        { type: 'image', image: { url: 'data:image/png;base64,AAAA' } },
      ],
    },
    {
      role: 'assistant',
      parts: [{ type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    },
    { role: 'user', parts: [{ type: 'tool_result', callId: 'call_1', content: '{"temp":21}' }] },
  ],
  tools: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object' } }],
  toolChoice: { type: 'tool', name: 'get_weather' },
  maxTokens: 300,
  temperature: 0.5,
  topP: 0.9,
  stop: [],
  stream: true,
  user: 'u1',
  responseFormat: { type: 'json_schema', name: 'w', schema: { type: 'object' }, strict: true },
  reasoningEffort: 'low',
};

describe('Responses requests ↔ hub', () => {
  it('reads instructions, items, function tools, tool_choice, text.format and reasoning.effort', () => {
    // The reasoning item and the built-in tool have no hub equivalent: dropped.
    expect(responsesRequestToHub(REQUEST)).toEqual(HUB);
  });

  it('reads a string input as one user message', () => {
    const hub = responsesRequestToHub({ model: 'm', input: 'hi' });
    expect(hub.messages).toEqual([{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }]);
    expect(hub.maxTokens).toBe(0);
    expect(hub.responseFormat).toBeUndefined();
  });

  it('writes a hub request as a Responses body (stateless: store false)', () => {
    expect(responsesRequestFromHub(HUB)).toEqual({
      model: 'gpt-4.1',
      instructions: 'Be brief.\n\nAnswer in French.',
      input: [
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Weather here?' },
            { type: 'input_image', image_url: 'data:image/png;base64,AAAA' },
          ],
        },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"temp":21}' },
      ],
      tools: [
        { type: 'function', name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
      ],
      tool_choice: { type: 'function', name: 'get_weather' },
      text: { format: { type: 'json_schema', name: 'w', schema: { type: 'object' }, strict: true } },
      max_output_tokens: 300,
      temperature: 0.5,
      top_p: 0.9,
      reasoning: { effort: 'low' },
      user: 'u1',
      stream: true,
      store: false,
    });
  });

  it('reaches chat upstreams with response_format and reasoning_effort', () => {
    const chat = chatRequestFromHub(responsesRequestToHub({ ...REQUEST, stream: false }));
    expect(chat).toMatchObject({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'w', schema: { type: 'object' }, strict: true },
      },
      reasoning_effort: 'low',
      max_tokens: 300,
    });
    expect(chatRequestToHub(chat).responseFormat).toEqual(HUB.responseFormat);
    const jsonMode = responsesRequestToHub({
      model: 'm',
      input: 'x',
      text: { format: { type: 'json_object' } },
    });
    expect(chatRequestFromHub(jsonMode).response_format).toEqual({ type: 'json_object' });
  });
});

describe('Responses answers ↔ hub', () => {
  const ANSWER = {
    id: 'resp_1',
    object: 'response',
    status: 'completed',
    model: 'gpt-4.1',
    output: [
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'thinking' }] },
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
      },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{}' },
    ],
    usage: {
      input_tokens: 30,
      input_tokens_details: { cached_tokens: 10 },
      output_tokens: 8,
      output_tokens_details: { reasoning_tokens: 2 },
      total_tokens: 38,
    },
  };

  it('reads output items, the finish and the usage (input includes the cache)', () => {
    expect(responseToHub(ANSWER)).toEqual({
      id: 'resp_1',
      model: 'gpt-4.1',
      parts: [
        { type: 'thinking', text: 'thinking' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{}' },
      ],
      finish: 'tool_calls',
      usage: { promptTokens: 30, completionTokens: 8, cachedTokens: 10, cacheCreationTokens: 0 },
    });
    const cut = responseToHub({
      ...ANSWER,
      output: [],
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    });
    expect(cut.finish).toBe('length');
  });

  it('writes a hub answer as a response object', () => {
    const out = responseFromHub({
      id: 'msg_abc',
      model: 'claude-x',
      parts: [
        { type: 'thinking', text: 'hm' },
        { type: 'text', text: 'Hi ' },
        { type: 'text', text: 'there' },
        { type: 'tool_call', id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
      ],
      finish: 'tool_calls',
      usage: { promptTokens: 12, completionTokens: 5, cachedTokens: 3, cacheCreationTokens: 2 },
    });
    expect(out).toMatchObject({
      id: 'resp_msg_abc',
      object: 'response',
      status: 'completed',
      incomplete_details: null,
      model: 'claude-x',
      output: [
        { type: 'reasoning', id: 'rs_msg_abc', summary: [{ type: 'summary_text', text: 'hm' }] },
        {
          type: 'message',
          id: 'msg_msg_abc',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Hi there', annotations: [] }],
        },
        { type: 'function_call', id: 'fc_msg_abc_1', call_id: 'toolu_1', name: 'f', arguments: '{"a":1}' },
      ],
      usage: {
        input_tokens: 12,
        input_tokens_details: { cached_tokens: 3 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 17,
      },
    });
    const cut = responseFromHub({ id: '', model: 'm', parts: [], finish: 'length', usage: null });
    expect(cut).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      usage: null,
    });
  });
});

describe('Responses errors and prompt measures', () => {
  it('answers errors in the OpenAI shape and ends streams with an error event', () => {
    const err = new RelayError(429, 'busy', 'rate_limited', { type: 'upstream_error' });
    expect(openAIResponses.errorBody(err, 'req1')).toEqual({
      error: {
        message: 'busy (request id: req1)',
        type: 'upstream_error',
        param: null,
        code: 'rate_limited',
      },
    });
    const frame = openAIResponses.streamErrorFrame(err, 'req1');
    expect(frame.startsWith('event: error\ndata: ')).toBe(true);
    expect(JSON.parse(frame.split('data: ')[1]!)).toEqual({
      type: 'error',
      sequence_number: 0,
      code: 'rate_limited',
      message: 'busy (request id: req1)',
      param: null,
    });
  });

  it('estimates generously and counts like the same chat prompt', async () => {
    const body = { model: 'gpt-4o', instructions: 'Be brief.', input: 'hello there' };
    const chat = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hello there' },
    ];
    expect(await openAIResponses.countPromptTokens(body, 'gpt-4o')).toBe(
      await openAIChat.countPromptTokens({ messages: chat }, 'gpt-4o'),
    );
    expect(openAIResponses.estimatePromptTokens(body)).toBeGreaterThanOrEqual(
      await openAIResponses.countPromptTokens(body, 'gpt-4o'),
    );
    // An image counts at its token price, not its base64 length.
    const image = {
      model: 'm',
      input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'data:x' }] }],
    };
    expect(openAIResponses.estimatePromptTokens(image)).toBe(3 + 4 + 765);
  });
});
