import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI, Type } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  anthropicError,
  apiError,
  balances,
  channelUsedQuota,
  consumeLogs,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type FakeUpstream,
  type RunningGateway,
  putOptions,
} from '@gateway/test-support';

/** Tools across formats, the commit point on Gemini streams, and errors in each client's shape. */
describe('Gemini conversions: tools, retries and errors', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const MODEL = 'gem-t';

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [MODEL]: 1 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 2 }),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(gw.url, `gconv${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const anthropic = () => new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });
  const google = (apiKey = token.apiKey) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: gw.url } });
  const channel = (type: number, key: string, priority = 0) =>
    addChannel(gw, { type, key, baseUrl: upstream.url, models: [MODEL], priority });
  const lastBody = () => upstream.requests.last()!.body as Record<string, unknown>;
  const geminiError = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    return { status: (err as ApiError).status, body: JSON.parse((err as ApiError).message) as unknown };
  };

  const WEATHER = {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  };

  it('OpenAI SDK → Gemini channel: tools, a tool round trip, stop and limits in Gemini form', async () => {
    await channel(24, 'gm');
    upstream.scenario('gm', {
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }],
      usage: { prompt: 30, completion: 7 },
    });
    const res = await openai().chat.completions.create({
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
    expect(lastBody()).toEqual({
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
    expect((await balances(gw, userId, token.id)).user.used_quota).toBe(30 + 7 * 2);
  });

  it('OpenAI SDK streaming → Gemini channel: a whole function call arrives as tool-call deltas', async () => {
    await channel(24, 'gm');
    upstream.scenario('gm', {
      content: 'Checking.',
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }],
      usage: { prompt: 10, completion: 5 },
    });
    const stream = openai().chat.completions.stream({
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
    expect((await balances(gw, userId, token.id)).user.used_quota).toBe(10 + 5 * 2);
  });

  it('Google SDK → OpenAI channel: functionDeclarations become tools, a functionCall comes back', async () => {
    await channel(1, 'oa');
    upstream.scenario('oa', {
      toolCalls: [{ id: 'call_x', name: 'get_weather', arguments: '{"city":"Lima"}' }],
      usage: { prompt: 12, completion: 4 },
    });
    const res = await google().models.generateContent({
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
    expect(lastBody()).toEqual({
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
    await channel(1, 'oa');
    upstream.scenario('oa', {
      toolCalls: [{ id: 'call_y', name: 'get_weather', arguments: '{"city":"Kyiv"}' }],
      usage: { prompt: 9, completion: 3 },
    });
    const calls: unknown[] = [];
    for await (const chunk of await google().models.generateContentStream({
      model: MODEL,
      contents: 'weather?',
    })) {
      calls.push(...(chunk.functionCalls ?? []));
    }
    expect(calls).toEqual([{ id: 'call_y', name: 'get_weather', args: { city: 'Kyiv' } }]);
    expect((await balances(gw, userId, token.id)).user.used_quota).toBe(9 + 3 * 2);
  });

  it('Google SDK → Claude channel: converted both ways, stream and not, with cache reads and writes billed', async () => {
    await channel(14, 'cl');
    upstream.scenario('cl', {
      chunks: ['Hi', ' there'],
      usage: { prompt: 10, completion: 4, cached: 6, cacheCreation: 2 },
    });
    const client = google();
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
    expect(lastBody()).toEqual({
      model: MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      max_tokens: 30,
      system: 'sys',
    });
    let text = '';
    for await (const c of await client.models.generateContentStream({ model: MODEL, contents: 'hi' }))
      text += c.text ?? '';
    expect(text).toBe('Hi there');
    expect(upstream.requests.last()!.route).toBe('anthropic.messages');
    // Per call: (10 + 6 × 1 + 2 × 1.25 + 4 × 2) × 1 = 26.5 → 27 (no cache ratio set: 1).
    const b = await balances(gw, userId, token.id);
    expect(b.user.used_quota).toBe(2 * 27);
  });

  it.each(['google', 'openai'] as const)(
    'retries a Gemini stream that fails before its first output on another channel, for free (%s client)',
    async (client) => {
      const bad = await channel(24, 'gm-bad', 10);
      const good = await channel(client === 'google' ? 1 : 24, 'good', 0);
      upstream.scenario('gm-bad', { streamError: { afterEvents: 0, message: 'overloaded' } });
      upstream.scenario('good', { chunks: ['Fine', ' again'], usage: { prompt: 8, completion: 2 } });
      let text = '';
      if (client === 'google') {
        for await (const c of await google().models.generateContentStream({ model: MODEL, contents: 'hi' }))
          text += c.text ?? '';
      } else {
        const stream = await openai().chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'hi' }],
          stream: true,
        });
        for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
      }
      expect(text).toBe('Fine again');
      expect(upstream.requests.forKey('gm-bad')).toHaveLength(1);
      const quota = 8 + 2 * 2;
      expect((await balances(gw, userId, token.id)).user).toEqual({
        quota: START - quota,
        used_quota: quota,
        request_count: 1,
      });
      expect(await channelUsedQuota(gw, bad)).toBe(0);
      expect(await channelUsedQuota(gw, good)).toBe(quota);
      const logs = await consumeLogs(gw, userId);
      expect(logs).toHaveLength(1);
      expect(JSON.parse(logs[0]!.other).admin_info.use_channel).toEqual([String(bad), String(good)]);
    },
  );

  it("ends a Gemini stream that breaks after output with Gemini's error frame, charging what was sent", async () => {
    await channel(24, 'gm');
    upstream.scenario('gm', {
      chunks: ['one', ' two', ' three'],
      usage: { prompt: 5, completion: 3 },
      streamError: { afterEvents: 2, message: 'boom' },
    });
    const res = await fetch(`${gw.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': token.apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    expect(frames).toHaveLength(3);
    const last = JSON.parse(frames[2]!.slice('data: '.length)) as {
      error: { code: number; status: string; message: string };
    };
    expect(last.error).toMatchObject({
      code: 500,
      status: 'INTERNAL',
      message: expect.stringContaining('boom'),
    });
    // The chunks carried running usage (5 prompt, 3 output): that is what is charged.
    expect((await balances(gw, userId, token.id)).user.used_quota).toBe(5 + 3 * 2);
  });

  it("answers errors in each client's shape, never echoing the channel key", async () => {
    const secret = 'gm-secret-key-123456';
    await channel(24, secret);
    upstream.scenario(secret, { error: { status: 400, message: `API key not valid: ${secret}` } });

    const g = await geminiError(google().models.generateContent({ model: MODEL, contents: 'hi' }));
    expect(g.status).toBe(400);
    expect(g.body).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('API key not valid: gm-***'),
      },
    });
    expect(JSON.stringify(g.body)).not.toContain(secret);

    const o = await apiError(
      openai().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(o.status).toBe(400);
    expect(o.message).toContain('API key not valid: gm-***');
    expect(o.message).not.toContain(secret);

    const a = await anthropicError(
      anthropic().messages.create({
        model: MODEL,
        max_tokens: 5,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(a.status).toBe(400);
    expect(a.error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(JSON.stringify(a.error)).not.toContain(secret);

    // The gateway's own errors too: a bad key, an unknown model.
    const badKey = await geminiError(
      google('sk-nope').models.generateContent({ model: MODEL, contents: 'hi' }),
    );
    expect(badKey).toEqual({
      status: 401,
      body: {
        error: { code: 401, status: 'UNAUTHENTICATED', message: expect.stringContaining('无效的令牌') },
      },
    });
    const unknown = await geminiError(google().models.generateContent({ model: 'no-such', contents: 'hi' }));
    // A model no channel of the caller's group lists is unknown: 404 in Gemini's shape.
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } });
    expect((await balances(gw, userId, token.id)).user.used_quota).toBe(0);
  });
});
