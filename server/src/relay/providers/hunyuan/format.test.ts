import { describe, expect, it } from 'vitest';
import type { HubMessage, HubRequest } from '../../formats/hub.js';
import { HunyuanStreamDecoder, hunyuanChatBody, hunyuanResponseToHub } from './format.js';

const WEATHER = {
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};
const TOOL = {
  Type: 'function',
  Function: {
    Name: 'get_weather',
    Description: 'Weather of a city',
    Parameters: JSON.stringify(WEATHER.parameters),
  },
};

const hub = (over: Partial<HubRequest> = {}): HubRequest => ({
  model: 'hunyuan-lite',
  system: [],
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 0,
  stop: [],
  stream: false,
  ...over,
});

describe('hunyuanChatBody tools', () => {
  it('sends tools with the schema as a JSON string, and maps the tool choice', () => {
    expect(hunyuanChatBody(hub({ tools: [WEATHER] }))).toMatchObject({ Tools: [TOOL] });
    expect(hunyuanChatBody(hub({ tools: [WEATHER] }))).not.toHaveProperty('ToolChoice');
    expect(hunyuanChatBody(hub({ tools: [WEATHER], toolChoice: { type: 'none' } })).ToolChoice).toBe('none');
    expect(hunyuanChatBody(hub({ tools: [WEATHER], toolChoice: { type: 'required' } })).ToolChoice).toBe(
      'auto',
    );
    expect(
      hunyuanChatBody(hub({ tools: [WEATHER], toolChoice: { type: 'tool', name: 'get_weather' } })),
    ).toMatchObject({
      ToolChoice: 'custom',
      CustomTool: TOOL,
    });
  });

  it('sends calls as the assistant ToolCalls and results as `tool` messages with their call id', () => {
    const messages: HubMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'Paris and Rome?' }] },
      {
        role: 'assistant',
        parts: [
          { type: 'thinking', text: 'hmm' },
          { type: 'tool_call', id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { type: 'tool_call', id: 'c2', name: 'get_weather', arguments: '{"city":"Rome"}' },
        ],
      },
      {
        role: 'user',
        parts: [
          { type: 'tool_result', callId: 'c1', content: 'sunny' },
          { type: 'tool_result', callId: 'c2', content: 'rain' },
        ],
      },
    ];
    expect(hunyuanChatBody(hub({ system: ['be brief'], messages })).Messages).toEqual([
      { Role: 'system', Content: 'be brief' },
      { Role: 'user', Content: 'Paris and Rome?' },
      {
        Role: 'assistant',
        Content: '',
        ToolCalls: [
          { Id: 'c1', Type: 'function', Function: { Name: 'get_weather', Arguments: '{"city":"Paris"}' } },
          { Id: 'c2', Type: 'function', Function: { Name: 'get_weather', Arguments: '{"city":"Rome"}' } },
        ],
      },
      { Role: 'tool', Content: 'sunny', ToolCallId: 'c1' },
      { Role: 'tool', Content: 'rain', ToolCallId: 'c2' },
    ]);
  });

  it('sends a user turn with images as Contents, in order; joins two user turns in a row', () => {
    const messages: HubMessage[] = [
      { role: 'user', parts: [{ type: 'text', text: 'first' }] },
      {
        role: 'user',
        parts: [
          { type: 'text', text: 'what is this?' },
          { type: 'image', image: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ];
    expect(hunyuanChatBody(hub({ messages })).Messages).toEqual([
      {
        Role: 'user',
        Contents: [
          { Type: 'text', Text: 'first' },
          { Type: 'text', Text: 'what is this?' },
          { Type: 'image_url', ImageUrl: { Url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ]);
  });
});

describe('Hunyuan tool call answers', () => {
  const call = {
    Id: 'call_1',
    Type: 'function',
    Index: 0,
    Function: { Name: 'get_weather', Arguments: '{"city":"Paris"}' },
  };

  it('reads Message.ToolCalls and FinishReason tool_calls', () => {
    const res = hunyuanResponseToHub({
      Response: {
        Id: 'r1',
        Choices: [{ Message: { Content: '', ToolCalls: [call] }, FinishReason: 'tool_calls' }],
      },
    });
    expect(res.finish).toBe('tool_calls');
    expect(res.parts).toEqual([
      { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ]);
  });

  it('streams Delta.ToolCalls: the call announced once, later fragments as arguments', () => {
    const decoder = new HunyuanStreamDecoder();
    const chunk = (toolCall: unknown, finish = '') =>
      decoder.push({
        event: 'message',
        data: JSON.stringify({
          Id: 'r1',
          Choices: [{ Delta: { Content: '', ToolCalls: [toolCall] }, FinishReason: finish }],
        }),
      });
    expect(chunk({ ...call, Function: { Name: 'get_weather', Arguments: '{"city":' } })).toEqual([
      { type: 'start', id: 'r1', model: '' },
      { type: 'tool_call_start', index: 0, id: 'call_1', name: 'get_weather' },
      { type: 'tool_call_arguments', index: 0, fragment: '{"city":' },
    ]);
    expect(chunk({ Index: 0, Function: { Arguments: '"Paris"}' } }, 'tool_calls')).toEqual([
      { type: 'tool_call_arguments', index: 0, fragment: '"Paris"}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });
});
