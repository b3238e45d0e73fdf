import { describe, expect, it } from 'vitest';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { InboundRequest } from '../types.js';
import { cohereChatBody } from './request.js';
import { parseCohereAnswer } from './response.js';
import { CohereStreamDecoder } from './stream.js';

const WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'array', items: { type: 'integer' } },
        options: { type: 'object', properties: { unit: { type: 'string' } } },
      },
      required: ['city'],
    },
  },
};

const chat: InboundRequest = {
  mode: 'chat',
  path: '/v1/chat/completions',
  query: '',
  body: {},
  raw: Buffer.alloc(0),
  contentType: 'application/json',
  model: 'cmd',
  stream: false,
  clientWantsUsage: false,
};

describe('Cohere v1 tools', () => {
  it('describe OpenAI tools as parameter_definitions and send answered calls as tool_results', () => {
    const hub = openAIChat.requestToHub({
      model: 'cmd',
      tools: [WEATHER_TOOL],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
      ],
    });
    expect(cohereChatBody(hub, 'command-r')).toEqual({
      model: 'command-r',
      message: '',
      tool_results: [
        { call: { name: 'get_weather', parameters: { city: 'Paris' } }, outputs: [{ temp: 21 }] },
      ],
      chat_history: [
        { role: 'USER', message: 'Weather in Paris?' },
        {
          role: 'CHATBOT',
          message: '',
          tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Current weather',
          parameter_definitions: {
            city: { description: 'City name', type: 'str', required: true },
            days: { type: 'List[int]', required: false },
            options: { type: 'dict', required: false },
          },
        },
      ],
    });
  });

  it('keep earlier results in the history as TOOL turns and wrap text outputs as {result}', () => {
    const hub = openAIChat.requestToHub({
      model: 'cmd',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [{ id: 'c9', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c9', content: 'sunny' },
        { role: 'assistant', content: 'It is sunny.' },
        { role: 'user', content: 'Thanks' },
      ],
    });
    const body = cohereChatBody(hub, 'command-r');
    expect(body.message).toBe('Thanks');
    expect(body.chat_history).toEqual([
      { role: 'USER', message: 'Weather?' },
      { role: 'CHATBOT', message: 'Checking.', tool_calls: [{ name: 'get_weather', parameters: {} }] },
      {
        role: 'TOOL',
        tool_results: [{ call: { name: 'get_weather', parameters: {} }, outputs: [{ result: 'sunny' }] }],
      },
      { role: 'CHATBOT', message: 'It is sunny.' },
    ]);
  });

  it('map structured output to response_format json_object with its schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const hub = openAIChat.requestToHub({
      model: 'cmd',
      messages: [{ role: 'user', content: 'x' }],
      response_format: { type: 'json_schema', json_schema: { name: 's', schema } },
    });
    expect(cohereChatBody(hub, 'c').response_format).toEqual({ type: 'json_object', schema });
  });

  it('give the calls of an answer ids and finish them as tool_calls', () => {
    const answer = {
      response_id: 'r',
      text: '',
      finish_reason: 'COMPLETE',
      tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }],
    };
    const parsed = parseCohereAnswer(chat, Buffer.from(JSON.stringify(answer)), 'application/json');
    const json = JSON.parse(parsed.body.toString()) as {
      choices: Array<{ finish_reason: string; message: { tool_calls: Array<Record<string, unknown>> } }>;
    };
    expect(json.choices[0]!.finish_reason).toBe('tool_calls');
    expect(json.choices[0]!.message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_[0-9a-f]{24}$/),
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
    ]);
  });

  it('stream tool-calls-generation as OpenAI tool call chunks ending in tool_calls', () => {
    const lines = [
      { event_type: 'stream-start', generation_id: 'g' },
      { event_type: 'tool-calls-chunk', tool_call_delta: { name: 'get_weather' } },
      {
        event_type: 'tool-calls-generation',
        tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }],
      },
      { event_type: 'stream-end', finish_reason: 'COMPLETE', response: {} },
    ];
    const decoder = new CohereStreamDecoder();
    const events = decoder.push(Buffer.from(lines.map((l) => JSON.stringify(l) + '\n').join('')));
    const deltas = events
      .filter((e) => e.data !== '[DONE]')
      .map((e) => (JSON.parse(e.data) as { choices: Array<Record<string, unknown>> }).choices[0]);
    expect(deltas.slice(1)).toEqual([
      expect.objectContaining({
        delta: {
          tool_calls: [
            {
              index: 0,
              id: expect.stringMatching(/^call_/),
              type: 'function',
              function: { name: 'get_weather', arguments: '' },
            },
          ],
        },
      }),
      expect.objectContaining({
        delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] },
      }),
      expect.objectContaining({ finish_reason: 'tool_calls' }),
    ]);
  });
});
