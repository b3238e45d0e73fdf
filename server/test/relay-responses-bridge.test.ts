import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
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

/**
 * The Responses API on channels that do not speak it (OpenAI-compatible, Claude, Gemini): the
 * request goes through the hub to the upstream's format and the answer and stream come back as
 * Responses objects and events. Prices: model ratio 1, completion ratio 2.
 */
describe('Responses API through the hub', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const MODEL = 'resp-hub';

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
    const user = await registerAndLogin(gw.url, `resphub${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const channel = (type: number, key: string) =>
    addChannel(gw, { type, key, baseUrl: upstream.url, models: [MODEL] });
  const lastBody = () => upstream.requests.last()!.body as Record<string, unknown>;
  const used = async () => (await balances(gw, userId, token.id)).user.used_quota;

  const WEATHER = {
    type: 'function' as const,
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    strict: false,
  };

  it('OpenAI-compatible channel: a tool round trip as chat, answered as function_call items', async () => {
    await channel(25, 'mo');
    upstream.scenario('mo', {
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      usage: { prompt: 30, completion: 7, cached: 10 },
    });
    const first = await openai().responses.create({
      model: MODEL,
      instructions: 'sys',
      input: 'Weather in Paris?',
      tools: [WEATHER],
      text: { format: { type: 'json_object' } },
      max_output_tokens: 64,
    });
    expect(upstream.requests.last()!.route).toBe('openai.chat');
    expect(lastBody()).toEqual({
      model: MODEL,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      max_tokens: 64,
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', description: WEATHER.description, parameters: WEATHER.parameters },
        },
      ],
      response_format: { type: 'json_object' },
    });
    const call = first.output.find((o) => o.type === 'function_call');
    expect(call).toMatchObject({ call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' });
    expect(first.usage).toMatchObject({ input_tokens: 30, input_tokens_details: { cached_tokens: 10 } });

    upstream.scenario('mo', { content: 'Sunny, 21°C.', usage: { prompt: 50, completion: 6 } });
    const second = await openai().responses.create({
      model: MODEL,
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"temp":21}' },
      ],
      tools: [WEATHER],
    });
    expect(second.output_text).toBe('Sunny, 21°C.');
    expect(lastBody().messages).toEqual([
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
    ]);
    // No cache ratio set (1): 30 + 7 × 2, then 50 + 6 × 2.
    expect(await used()).toBe(44 + 62);
  });

  it('OpenAI-compatible channel streaming: chat chunks become Responses events, usage asked for', async () => {
    await channel(25, 'mo');
    upstream.scenario('mo', {
      chunks: ['Hel', 'lo'],
      toolCalls: [{ id: 'call_2', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
      usage: { prompt: 10, completion: 5 },
    });
    const stream = await openai().responses.create({
      model: MODEL,
      input: 'hi',
      tools: [WEATHER],
      stream: true,
    });
    let text = '';
    let args = '';
    let final: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.function_call_arguments.delta') args += event.delta;
      if (event.type === 'response.completed') final = event.response;
    }
    expect(lastBody()).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(text).toBe('Hello');
    expect(args).toBe('{"city":"Oslo"}');
    expect(final?.status).toBe('completed');
    expect(final?.output.map((o) => o.type)).toEqual(['message', 'function_call']);
    expect(final?.usage).toMatchObject({ input_tokens: 10, output_tokens: 5, total_tokens: 15 });
    expect(await used()).toBe(10 + 5 * 2);
  });

  it('Azure channel: served as chat on the deployment, not at its preview Responses URL', async () => {
    await addChannel(gw, { type: 3, key: 'az', baseUrl: upstream.url, models: [MODEL], other: '2024-10-21' });
    upstream.scenario('az', { content: 'Hi', usage: { prompt: 5, completion: 1 } });
    const res = await openai().responses.create({ model: MODEL, input: 'hi' });
    expect(res.output_text).toBe('Hi');
    expect(upstream.requests.last()).toMatchObject({
      route: 'azure.chat',
      params: { deployment: MODEL },
      query: { 'api-version': '2024-10-21' },
    });
    expect(await used()).toBe(5 + 1 * 2);
  });

  it('Claude channel: Messages both ways, stream and not, cache reads and writes in input_tokens', async () => {
    await channel(14, 'cl');
    upstream.scenario('cl', {
      chunks: ['Hi', ' there'],
      usage: { prompt: 10, completion: 4, cached: 6, cacheCreation: 2 },
    });
    const res = await openai().responses.create({
      model: MODEL,
      instructions: 'sys',
      input: 'hi',
      max_output_tokens: 30,
    });
    expect(res.output_text).toBe('Hi there');
    expect(lastBody()).toEqual({
      model: MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      max_tokens: 30,
      system: 'sys',
    });
    // Anthropic's input_tokens (10) excludes cache reads (6) and writes (2): the prompt is 18.
    expect(res.usage).toMatchObject({
      input_tokens: 18,
      input_tokens_details: { cached_tokens: 6 },
      output_tokens: 4,
    });
    const stream = await openai().responses.create({ model: MODEL, input: 'hi', stream: true });
    let text = '';
    let final: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') final = event.response;
    }
    expect(text).toBe('Hi there');
    expect(upstream.requests.last()!.route).toBe('anthropic.messages');
    expect(final?.usage).toMatchObject({ input_tokens: 18, output_tokens: 4 });
    // Per call: (10 + 6 × 1 + 2 × 1.25 + 4 × 2) × 1 = 26.5 → 27 (no cache ratio set: 1).
    expect(await used()).toBe(2 * 27);
  });

  it('Gemini channel: generateContent both ways, a streamed function call', async () => {
    await channel(24, 'gm');
    upstream.scenario('gm', {
      content: 'Checking.',
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Rome"}' }],
      usage: { prompt: 12, completion: 4 },
    });
    const stream = await openai().responses.create({
      model: MODEL,
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'weather?' }] }],
      tools: [WEATHER],
      tool_choice: 'required',
      stream: true,
    });
    let text = '';
    let final: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') final = event.response;
    }
    expect(upstream.requests.last()!.route).toMatch(/^gemini\./);
    expect(lastBody()).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'weather?' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });
    expect(text).toBe('Checking.');
    expect(final?.output.find((o) => o.type === 'function_call')).toMatchObject({
      name: 'get_weather',
      arguments: '{"city":"Rome"}',
    });
    expect(final?.usage).toMatchObject({ input_tokens: 12, output_tokens: 4 });
    const res = await openai().responses.create({ model: MODEL, input: 'weather?', tools: [WEATHER] });
    expect(res.output.map((o) => o.type)).toEqual(['message', 'function_call']);
    expect(await used()).toBe(2 * (12 + 4 * 2));
  });
});
