import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors.js';
import type { HubRequest } from '../hub.js';
import { geminiErrorBody, geminiStreamErrorFrame } from './errors.js';
import { geminiRequestFromHub } from './request-encode.js';
import { geminiRequestToHub } from './request.js';
import { geminiResponseFromHub, geminiResponseToHub } from './response.js';
import { countGeminiPrompt, estimateGeminiPrompt } from './token-count.js';
import { geminiUsageFromHub, geminiUsageToHub } from './usage.js';

const TOOL = {
  name: 'get_weather',
  description: 'Weather',
  parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } },
};

describe('Gemini requests → hub', () => {
  it('reads system, turns, images, calls and responses (paired without ids), tools and config', () => {
    const hub = geminiRequestToHub({
      systemInstruction: { parts: [{ text: 'be ' }, { text: 'brief' }] },
      contents: [
        { role: 'user', parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
        {
          role: 'model',
          parts: [
            { text: 'hm', thought: true },
            { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
            { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'get_weather', response: { temp: 20 } } },
            { functionResponse: { name: 'get_weather', response: { temp: 5 } } },
          ],
        },
        { parts: [{ fileData: { mimeType: 'image/jpeg', fileUri: 'https://x/y.jpg' } }] },
      ],
      tools: [{ functionDeclarations: [TOOL] }, { googleSearch: {} }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      generationConfig: {
        maxOutputTokens: 100,
        temperature: 0.3,
        topP: 0.9,
        stopSequences: ['END'],
        thinkingConfig: { thinkingBudget: 512 },
      },
    });
    expect(hub).toEqual({
      model: '',
      system: ['be brief'],
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'look' },
            { type: 'image', image: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'thinking', text: 'hm' },
            { type: 'tool_call', id: 'call_0', name: 'get_weather', arguments: '{"city":"Rome"}' },
            { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
          ],
        },
        {
          role: 'user',
          parts: [
            { type: 'tool_result', callId: 'call_0', content: '{"temp":20}' },
            { type: 'tool_result', callId: 'call_1', content: '{"temp":5}' },
          ],
        },
        { role: 'user', parts: [{ type: 'image', image: { url: 'https://x/y.jpg' } }] },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
      toolChoice: { type: 'tool', name: 'get_weather' },
      maxTokens: 100,
      temperature: 0.3,
      topP: 0.9,
      stop: ['END'],
      stream: false,
      thinkingBudget: 512,
    });
  });

  it('keeps the ids Gemini gives its calls', () => {
    const hub = geminiRequestToHub({
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'fc-1', name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'fc-1', name: 'f', response: { ok: true } } }] },
      ],
    });
    expect(hub.messages.flatMap((m) => m.parts)).toEqual([
      { type: 'tool_call', id: 'fc-1', name: 'f', arguments: '{}' },
      { type: 'tool_result', callId: 'fc-1', content: '{"ok":true}' },
    ]);
  });
});

describe('hub requests → Gemini', () => {
  const base: HubRequest = {
    model: 'm',
    system: ['a', 'b'],
    messages: [],
    tools: [],
    maxTokens: 0,
    stop: [],
    stream: true,
  };

  it('merges consecutive turns of a role, names tool results after their calls, cleans schemas', () => {
    const body = geminiRequestFromHub({
      ...base,
      messages: [
        { role: 'user', parts: [{ type: 'image', image: { url: 'https://h/p.png' } }] },
        {
          role: 'assistant',
          parts: [
            { type: 'thinking', text: 'dropped' },
            { type: 'text', text: 'calling' },
            { type: 'tool_call', id: 'c1', name: 'f', arguments: '{"a":1}' },
          ],
        },
        { role: 'user', parts: [{ type: 'tool_result', callId: 'c1', content: 'plain text' }] },
        { role: 'user', parts: [{ type: 'text', text: 'and?' }] },
      ],
      tools: [{ name: 'f', parameters: { $schema: 'x', type: 'object', additionalProperties: false } }],
      toolChoice: { type: 'none' },
      maxTokens: 10,
      temperature: 1.5,
      thinkingBudget: 256,
    });
    expect(body).toEqual({
      contents: [
        { role: 'user', parts: [{ fileData: { mimeType: 'image/png', fileUri: 'https://h/p.png' } }] },
        { role: 'model', parts: [{ text: 'calling' }, { functionCall: { name: 'f', args: { a: 1 } } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'f', response: { content: 'plain text' } } }, { text: 'and?' }],
        },
      ],
      systemInstruction: { parts: [{ text: 'a\n\nb' }] },
      tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'NONE' } },
      generationConfig: {
        maxOutputTokens: 10,
        temperature: 1.5,
        thinkingConfig: { thinkingBudget: 256, includeThoughts: true },
      },
    });
  });
});

describe('Gemini answers ↔ hub', () => {
  it('reads parts, finish reasons and usage (thoughts billed as output, cache inside the prompt)', () => {
    const hub = geminiResponseToHub({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'hm', thought: true },
              { text: 'Hi' },
              { functionCall: { name: 'f', args: { x: 1 } } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: {
        promptTokenCount: 50,
        candidatesTokenCount: 7,
        thoughtsTokenCount: 3,
        cachedContentTokenCount: 20,
      },
      modelVersion: 'gemini-x',
      responseId: 'r1',
    });
    expect(hub).toEqual({
      id: 'r1',
      model: 'gemini-x',
      parts: [
        { type: 'thinking', text: 'hm' },
        { type: 'text', text: 'Hi' },
        { type: 'tool_call', id: 'call_0', name: 'f', arguments: '{"x":1}' },
      ],
      finish: 'tool_calls',
      usage: { promptTokens: 50, completionTokens: 10, cachedTokens: 20, cacheCreationTokens: 0 },
    });
    const finish = (reason: string) =>
      geminiResponseToHub({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: reason }] })
        .finish;
    expect([finish('MAX_TOKENS'), finish('SAFETY'), finish('RECITATION'), finish('OTHER')]).toEqual([
      'length',
      'content_filter',
      'content_filter',
      'stop',
    ]);
    // A prompt blocked before any candidate.
    expect(geminiResponseToHub({ promptFeedback: { blockReason: 'SAFETY' } })).toMatchObject({
      parts: [],
      finish: 'content_filter',
      usage: null,
    });
  });

  it('writes a GenerateContentResponse', () => {
    expect(
      geminiResponseFromHub({
        id: 'chatcmpl-1',
        model: 'm',
        parts: [
          { type: 'text', text: 'ok' },
          { type: 'tool_call', id: 'c', name: 'f', arguments: '{}' },
        ],
        finish: 'length',
        usage: { promptTokens: 9, completionTokens: 4, cachedTokens: 2, cacheCreationTokens: 0 },
      }),
    ).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'ok' }, { functionCall: { id: 'c', name: 'f', args: {} } }],
          },
          finishReason: 'MAX_TOKENS',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 9,
        candidatesTokenCount: 4,
        totalTokenCount: 13,
        cachedContentTokenCount: 2,
      },
      modelVersion: 'm',
      responseId: 'chatcmpl-1',
    });
  });

  it('converts usage both ways and treats an all-zero usage as none', () => {
    expect(geminiUsageToHub({ promptTokenCount: 0, candidatesTokenCount: 0 })).toBeNull();
    expect(geminiUsageToHub({ promptTokenCount: 5, cachedContentTokenCount: 9 })).toEqual({
      promptTokens: 5,
      completionTokens: 0,
      cachedTokens: 5,
      cacheCreationTokens: 0,
    });
    expect(
      geminiUsageFromHub({ promptTokens: 5, completionTokens: 1, cachedTokens: 0, cacheCreationTokens: 0 }),
    ).toEqual({
      promptTokenCount: 5,
      candidatesTokenCount: 1,
      totalTokenCount: 6,
    });
  });
});

describe('Gemini errors and prompt size', () => {
  it('keeps an upstream Google status, else names the HTTP status the Google way', () => {
    const upstream = new RelayError(400, 'bad', 'INVALID_ARGUMENT', { type: 'INVALID_ARGUMENT' });
    expect(geminiErrorBody(upstream, 'rid')).toEqual({
      error: { code: 400, message: 'bad (request id: rid)', status: 'INVALID_ARGUMENT' },
    });
    const own = new RelayError(429, 'slow down', 'rate_limited');
    expect(geminiErrorBody(own, 'rid').error.status).toBe('RESOURCE_EXHAUSTED');
    expect(geminiErrorBody(new RelayError(403, 'no', 'x'), 'r').error.status).toBe('PERMISSION_DENIED');
    expect(geminiStreamErrorFrame(new RelayError(502, 'broken', 'stream_broken'), 'r')).toBe(
      'data: {"error":{"code":502,"message":"broken (request id: r)","status":"INTERNAL"}}\n\n',
    );
  });

  it('estimates and counts the prompt: text, 1000 per image, 2 per turn, 3 per tool', async () => {
    const body = {
      systemInstruction: { parts: [{ text: 'abc' }] },
      contents: [
        {
          role: 'user',
          parts: [{ text: 'hello world' }, { inlineData: { mimeType: 'image/png', data: 'A' } }],
        },
      ],
      tools: [{ functionDeclarations: [] }],
    };
    // bytes: 'abc' 3 + 'hello world' 11 + '{"functionDeclarations":[]}' 27 = 41 → 14.
    expect(estimateGeminiPrompt(body)).toBe(14 + 1000 + 2 + 3);
    // countTokens may wrap the request.
    expect(estimateGeminiPrompt({ generateContentRequest: body })).toBe(1019);
    // 'abc' 1, 'hello world' 2, the tool JSON 6 tokens (cl100k).
    expect(await countGeminiPrompt(body, 'gpt-4')).toBe(1 + 2 + 6 + 1000 + 2 + 3);
  });
});
