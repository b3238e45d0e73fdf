import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  apiError,
  balances,
  channelUsedQuota,
  consumeLogs,
  putOptions,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  testDbKind,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * Cohere (type 34: v1 chat with its NDJSON stream, v1 rerank) and Dify (type 37: chat apps'
 * /v1/chat-messages) against fakes speaking their wire formats. Prices (group ratio 1):
 * command-r-plus ratio 2, completion ratio 3; dify-app ratio 1.5, completion ratio 2;
 * rerank-english-v3.0 ratio 3.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Cohere and Dify channels', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const TOKEN_QUOTA = 100_000;
  const COHERE = 'command-r-plus';
  const DIFY = 'dify-app';
  const RERANK = 'rerank-english-v3.0';
  // Cohere's billed units (the fake reports 68 more input tokens in meta.tokens, unbilled).
  const COHERE_USAGE = { prompt: 30, completion: 12 };
  const COHERE_QUOTA = (30 + 12 * 3) * 2; // 132
  const DIFY_USAGE = { prompt: 40, completion: 10 };
  const DIFY_QUOTA = (40 + 10 * 2) * 1.5; // 90

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [COHERE]: 2, [DIFY]: 1.5, [RERANK]: 3 }),
      CompletionRatio: JSON.stringify({ [COHERE]: 3, [DIFY]: 2 }),
      RetryTimes: '1',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(gw.url, `cohere${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: TOKEN_QUOTA });
    upstream.reset();
    await removeAllChannels(gw);
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const anthropic = () => new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });

  async function channel(
    type: 34 | 37,
    key: string,
    spec: Parameters<FakeUpstream['scenario']>[1],
    priority = 0,
  ) {
    upstream.scenario(key, spec);
    const models = type === 34 ? [COHERE, RERANK] : [DIFY];
    return addChannel(gw, { type, key, baseUrl: upstream.url, models, priority });
  }

  async function expectCharged(channelId: number, quota: number, stream: boolean) {
    const b = await balances(gw, userId, token.id);
    expect(b.user).toEqual({ quota: START - quota, used_quota: quota, request_count: 1 });
    expect(b.token).toEqual({ remain_quota: TOKEN_QUOTA - quota, used_quota: quota });
    expect(await channelUsedQuota(gw, channelId)).toBe(quota);
    const logs = await consumeLogs(gw, userId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ quota, is_stream: stream ? 1 : 0, channel_id: channelId });
  }

  async function streamText(stream: AsyncIterable<OpenAI.ChatCompletionChunk>) {
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    return { text, usage, finish };
  }

  it('Cohere: chat with preamble and history, billed by the billed units', async () => {
    const id = await channel(34, 'co-plain', { content: 'Paris.', usage: COHERE_USAGE });
    const res = await openai().chat.completions.create({
      model: COHERE,
      max_tokens: 20,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Capital of France?' },
      ],
    });
    expect(res.choices[0]!.message.content).toBe('Paris.');
    expect(res.choices[0]!.finish_reason).toBe('stop');
    expect(res.model).toBe(COHERE);
    expect(res.usage).toMatchObject({ prompt_tokens: 30, completion_tokens: 12 });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('cohere.chat');
    expect(seen.headers.authorization).toBe('Bearer co-plain');
    expect(seen.body).toEqual({
      model: COHERE,
      message: 'Capital of France?',
      chat_history: [
        { role: 'USER', message: 'Hi' },
        { role: 'CHATBOT', message: 'Hello!' },
      ],
      preamble: 'Be brief.',
      max_tokens: 20,
    });
    await expectCharged(id, COHERE_QUOTA, false);
  });

  it('Cohere: the NDJSON stream reaches the OpenAI SDK with its usage, billed exactly', async () => {
    const id = await channel(34, 'co-stream', { chunks: ['Bon', 'jour', '!'], usage: COHERE_USAGE });
    const stream = await openai().chat.completions.create({
      model: COHERE,
      messages: [{ role: 'user', content: 'Greet me in French' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage, finish } = await streamText(stream);
    expect(text).toBe('Bonjour!');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 30, completion_tokens: 12 });
    expect(upstream.requests.last()!.body).toMatchObject({ stream: true, message: 'Greet me in French' });
    await expectCharged(id, COHERE_QUOTA, true);
  });

  it('Cohere: the Anthropic SDK streams through the hub', async () => {
    const id = await channel(34, 'co-claude', { chunks: ['From', ' Cohere'], usage: COHERE_USAGE });
    const message = await anthropic()
      .messages.stream({
        model: COHERE,
        max_tokens: 64,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'hi' }],
      })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'From Cohere' })]);
    expect(message.usage).toMatchObject({ input_tokens: 30, output_tokens: 12 });
    expect(upstream.requests.last()!.body).toMatchObject({
      preamble: 'Be brief.',
      message: 'hi',
      max_tokens: 64,
    });
    await expectCharged(id, COHERE_QUOTA, true);
  });

  it('Cohere: a tool call and its result make a round trip through the OpenAI SDK', async () => {
    const call = { name: 'get_weather', arguments: '{"city":"Paris"}' };
    await channel(34, 'co-tools', { toolCalls: [call], usage: COHERE_USAGE });
    const tools: OpenAI.ChatCompletionTool[] = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ];
    const ask = { role: 'user' as const, content: 'Weather in Paris?' };
    const first = await openai().chat.completions.create({ model: COHERE, tools, messages: [ask] });
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    const toolCall = choice.message.tool_calls![0]!;
    expect(toolCall).toMatchObject({ type: 'function', function: call });
    expect(upstream.requests.last()!.body).toMatchObject({
      tools: [{ name: 'get_weather', parameter_definitions: { city: { type: 'str', required: true } } }],
    });

    upstream.scenario('co-tools', { content: 'Sunny, 21 °C.', usage: COHERE_USAGE });
    const second = await openai().chat.completions.create({
      model: COHERE,
      tools,
      messages: [ask, choice.message, { role: 'tool', tool_call_id: toolCall.id, content: '{"temp":21}' }],
    });
    expect(second.choices[0]!.message.content).toBe('Sunny, 21 °C.');
    expect(upstream.requests.last()!.body).toMatchObject({
      message: '',
      chat_history: [
        { role: 'USER', message: 'Weather in Paris?' },
        { role: 'CHATBOT', tool_calls: [{ name: 'get_weather', parameters: { city: 'Paris' } }] },
      ],
      tool_results: [
        { call: { name: 'get_weather', parameters: { city: 'Paris' } }, outputs: [{ temp: 21 }] },
      ],
    });
  });

  it('Cohere: rerank answers in the Cohere/Jina shape, billed by search units', async () => {
    // usage 'none': only Cohere's meta.billed_units.search_units (1) is reported.
    const id = await channel(34, 'co-rerank', { usage: 'none' });
    const documents = ['Berlin is in Germany', 'Paris is the capital of France'];
    const res = await fetch(`${gw.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: RERANK,
        query: 'capital of France',
        documents,
        top_n: 1,
        return_documents: true,
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      results: Array<{ index: number; relevance_score: number; document: { text: string } }>;
    };
    expect(body.results).toHaveLength(1);
    const [best] = body.results;
    expect(best!.document.text).toBe(documents[best!.index]);
    expect(typeof best!.relevance_score).toBe('number');
    const seen = upstream.requests.last()!;
    expect(seen.path).toBe('/v1/rerank');
    expect(seen.body).toMatchObject({ model: RERANK, top_n: 1, return_documents: true });
    await expectCharged(id, 1 * 3, false);
  });

  it("Cohere: an invalid request is answered to the OpenAI SDK with Cohere's message, charging nothing", async () => {
    const id = await channel(34, 'co-bad', {
      error: { status: 400, message: 'invalid request: max_tokens cannot exceed 4000' },
    });
    const err = await apiError(
      openai().chat.completions.create({ model: COHERE, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain('max_tokens cannot exceed 4000');
    expect(upstream.requests.all()).toHaveLength(1);
    expect(await channelUsedQuota(gw, id)).toBe(0);
    expect(await balances(gw, userId, token.id)).toMatchObject({ user: { quota: START, used_quota: 0 } });
    expect(await consumeLogs(gw, userId)).toEqual([]);
  });

  it('Dify: chat flattens the conversation into the query, billed by metadata.usage', async () => {
    const id = await channel(37, 'app-plain', { content: 'Sunny.', usage: DIFY_USAGE });
    const res = await openai().chat.completions.create({
      model: DIFY,
      user: 'alice',
      messages: [
        { role: 'system', content: 'You are a weather bot.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
    });
    expect(res.choices[0]!.message.content).toBe('Sunny.');
    expect(res.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 10 });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('dify.chat-messages');
    expect(seen.headers.authorization).toBe('Bearer app-plain');
    expect(seen.body).toEqual({
      inputs: {},
      query: 'SYSTEM: You are a weather bot.\n\nUSER: Weather in Paris?',
      response_mode: 'blocking',
      user: 'alice',
    });
    await expectCharged(id, DIFY_QUOTA, false);
  });

  it('Dify: the chatflow stream (workflow events, pings) reaches the OpenAI SDK, billed exactly', async () => {
    const id = await channel(37, 'app-stream', { chunks: ['It is', ' sunny', '.'], usage: DIFY_USAGE });
    const stream = await openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'Weather?' }],
      stream: true,
    });
    const { text, usage } = await streamText(stream);
    expect(text).toBe('It is sunny.');
    // The client did not ask for usage: the gateway keeps it to itself.
    expect(usage).toBeUndefined();
    expect(upstream.requests.last()!.body).toMatchObject({ response_mode: 'streaming', query: 'Weather?' });
    await expectCharged(id, DIFY_QUOTA, true);
  });

  it('Dify: the Anthropic SDK is served through the hub', async () => {
    const id = await channel(37, 'app-claude', { content: 'Through Dify', usage: DIFY_USAGE });
    const message = await anthropic().messages.create({
      model: DIFY,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Through Dify' })]);
    expect(message.usage).toMatchObject({ input_tokens: 40, output_tokens: 10 });
    await expectCharged(id, DIFY_QUOTA, false);
  });

  it('Dify: an error event before any answer is retried on another channel, for free', async () => {
    const bad = await channel(
      37,
      'app-failing',
      { streamError: { afterEvents: 3, type: 'provider_quota_exceeded', message: 'Your quota is used up' } },
      10,
    );
    const good = await channel(37, 'app-good', { chunks: ['second', ' try'], usage: DIFY_USAGE });
    const stream = await openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    expect((await streamText(stream)).text).toBe('second try');
    expect(upstream.requests.all().map((r) => r.key)).toEqual(['app-failing', 'app-good']);
    expect(await channelUsedQuota(gw, bad)).toBe(0);
    await expectCharged(good, DIFY_QUOTA, true);
  });

  it('tests Cohere and Dify channels from the console with a real call', async () => {
    const cohere = await channel(34, 'co-test', { content: 'ok', usage: COHERE_USAGE });
    const res = await root.get<unknown>(`/api/channel/test/${cohere}?model=${COHERE}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(upstream.requests.last()!.route).toBe('cohere.chat');
    const dify = await channel(37, 'app-test', { content: 'ok', usage: DIFY_USAGE });
    const difyRes = await root.get<unknown>(`/api/channel/test/${dify}`);
    expect(difyRes.body.success, difyRes.body.message).toBe(true);
    expect(upstream.requests.last()!.route).toBe('dify.chat-messages');
  });
});
