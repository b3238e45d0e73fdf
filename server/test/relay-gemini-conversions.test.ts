import { Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { balances } from '@gateway/test-support';
import { MODEL, useGeminiConversions, WEATHER } from './support/gemini-conversions.js';

/**
 * Tools across formats: OpenAI ↔ Gemini and Google SDK → Claude, streamed and not. Retries, the
 * commit point on Gemini streams and errors in each client's shape: relay-gemini-errors.test.ts.
 */
describe('Gemini conversions: tools, retries and errors', () => {
  const h = useGeminiConversions();

  it('OpenAI SDK → Gemini channel: tools, a tool round trip, stop and limits in Gemini form', async () => {
    await h.channel(24, 'gm');
    h.upstream.scenario('gm', {
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }],
      usage: { prompt: 30, completion: 7 },
    });
    const res = await h.openai().chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: 'sys' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_a',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_a', content: '{"temp":20}' },
      ],
      tools: [
        {
          type: 'function',
          function: { ...WEATHER, parameters: { ...WEATHER.parameters, additionalProperties: false } },
        },
      ],
      tool_choice: 'required',
      max_tokens: 64,
      temperature: 0.5,
      stop: ['END'],
    });
    expect(h.lastBody()).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Rome' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: 20 } } }] },
      ],
      systemInstruction: { parts: [{ text: 'sys' }] },
      tools: [{ functionDeclarations: [WEATHER] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: { maxOutputTokens: 64, temperature: 0.5, stopSequences: ['END'] },
      // gemini.safety_settings (default: OFF, civic integrity BLOCK_NONE) on converted requests.
      safetySettings: [
        { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
        { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
        { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
        { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
        { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_NONE' },
      ],
    });
    expect(res.choices[0]!.finish_reason).toBe('tool_calls');
    expect(res.choices[0]!.message.tool_calls).toEqual([
      { id: 'call_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
    ]);
    expect(res.usage).toMatchObject({ prompt_tokens: 30, completion_tokens: 7 });
    expect((await balances(h.gw, h.userId, h.token.id)).user.used_quota).toBe(30 + 7 * 2);
  });

  it('OpenAI SDK streaming → Gemini channel: a whole function call arrives as tool-call deltas', async () => {
    await h.channel(24, 'gm');
    h.upstream.scenario('gm', {
      content: 'Checking.',
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }],
      usage: { prompt: 10, completion: 5 },
    });
    const stream = h.openai().chat.completions.stream({
      model: MODEL,
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ type: 'function', function: WEATHER }],
    });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe('Checking.');
    expect(final.choices[0]!.message.tool_calls?.[0]?.function).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Oslo"}',
    });
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect((await balances(h.gw, h.userId, h.token.id)).user.used_quota).toBe(10 + 5 * 2);
  });

  it('Google SDK → OpenAI channel: functionDeclarations become tools, a functionCall comes back', async () => {
    await h.channel(1, 'oa');
    h.upstream.scenario('oa', {
      toolCalls: [{ id: 'call_x', name: 'get_weather', arguments: '{"city":"Lima"}' }],
      usage: { prompt: 12, completion: 4 },
    });
    const res = await h.google().models.generateContent({
      model: MODEL,
      contents: [
        { role: 'user', parts: [{ text: 'weather?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Rome' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: 20 } } }] },
      ],
      config: {
        tools: [
          {
            functionDeclarations: [
              {
                ...WEATHER,
                parameters: {
                  type: Type.OBJECT,
                  properties: { city: { type: Type.STRING } },
                  required: ['city'],
                },
              },
            ],
          },
        ],
        temperature: 0.2,
        stopSequences: ['X'],
      },
    });
    expect(h.lastBody()).toEqual({
      model: MODEL,
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_0',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_0', content: '{"temp":20}' },
      ],
      tools: [{ type: 'function', function: WEATHER }],
      temperature: 0.2,
      stop: ['X'],
    });
    expect(res.functionCalls).toEqual([{ id: 'call_x', name: 'get_weather', args: { city: 'Lima' } }]);
    expect(res.candidates![0]!.finishReason).toBe('STOP');
    expect(res.usageMetadata).toMatchObject({
      promptTokenCount: 12,
      candidatesTokenCount: 4,
      totalTokenCount: 16,
    });
  });

  it('Google SDK streaming → OpenAI channel: tool-call deltas arrive as one functionCall', async () => {
    await h.channel(1, 'oa');
    h.upstream.scenario('oa', {
      toolCalls: [{ id: 'call_y', name: 'get_weather', arguments: '{"city":"Kyiv"}' }],
      usage: { prompt: 9, completion: 3 },
    });
    const calls: unknown[] = [];
    for await (const chunk of await h.google().models.generateContentStream({
      model: MODEL,
      contents: 'weather?',
    })) {
      calls.push(...(chunk.functionCalls ?? []));
    }
    expect(calls).toEqual([{ id: 'call_y', name: 'get_weather', args: { city: 'Kyiv' } }]);
    expect((await balances(h.gw, h.userId, h.token.id)).user.used_quota).toBe(9 + 3 * 2);
  });

  it('Google SDK → Claude channel: converted both ways, stream and not, with cache reads and writes billed', async () => {
    await h.channel(14, 'cl');
    h.upstream.scenario('cl', {
      chunks: ['Hi', ' there'],
      usage: { prompt: 10, completion: 4, cached: 6, cacheCreation: 2 },
    });
    const client = h.google();
    const res = await client.models.generateContent({
      model: MODEL,
      contents: 'hi',
      config: { systemInstruction: 'sys', maxOutputTokens: 30 },
    });
    expect(res.text).toBe('Hi there');
    // Anthropic's input_tokens (10) excludes cache reads (6) and writes (2): the prompt is 18.
    expect(res.usageMetadata).toEqual({
      promptTokenCount: 18,
      candidatesTokenCount: 4,
      totalTokenCount: 22,
      cachedContentTokenCount: 6,
    });
    expect(h.lastBody()).toEqual({
      model: MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      max_tokens: 30,
      system: 'sys',
    });
    let text = '';
    for await (const c of await client.models.generateContentStream({ model: MODEL, contents: 'hi' }))
      text += c.text ?? '';
    expect(text).toBe('Hi there');
    expect(h.upstream.requests.last()!.route).toBe('anthropic.messages');
    // Per call: (10 + 6 × 1 + 2 × 1.25 + 4 × 2) × 1 = 26.5 → 27 (no cache ratio set: 1).
    const b = await balances(h.gw, h.userId, h.token.id);
    expect(b.user.used_quota).toBe(2 * 27);
  });
});
