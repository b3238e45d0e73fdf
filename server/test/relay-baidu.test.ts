import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel, apiError, channelUsedQuota, testDbKind } from '@gateway/test-support';
import { QUOTA, USAGE, useCnNatives } from './support/cn-natives.js';

/**
 * Baidu ERNIE v1 channels (type 15) against a fake that exchanges `APIKey|SecretKey` for access
 * tokens it alone issued and answers errors inside HTTP 200, as Baidu does.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Baidu ERNIE v1 channels (15)', () => {
  const ERNIE = 'ERNIE-4.0-8K';
  const h = useCnNatives([ERNIE], ['Embedding-V1']);
  it('exchanges the key for an access token and answers OpenAI chat with exact usage', async () => {
    const { id, scenarioKey: clientId } = await h.channel(15, { content: '你好，我是文心', usage: USAGE }, [
      ERNIE,
    ]);
    const res = await h.openai().chat.completions.create({
      model: ERNIE,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
      temperature: 0,
      max_tokens: 64,
    });
    expect(res.choices[0]!.message.content).toBe('你好，我是文心');
    expect(res.choices[0]!.finish_reason).toBe('stop');
    expect(res.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    const [grant, call] = h.upstream.requests.all();
    expect(grant!.route).toBe('baidu.token');
    expect(grant!.query).toMatchObject({ grant_type: 'client_credentials', client_id: clientId });
    expect(call!.route).toBe('baidu.chat');
    expect(call!.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro');
    expect(call!.query.access_token).toMatch(/^24\./);
    expect(call!.body).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
      stream: false,
      system: 'be brief',
      temperature: 0.01,
      max_output_tokens: 64,
    });
    await h.expectCharged(id, QUOTA, false);
  });

  it('streams ERNIE events to the OpenAI SDK, billed from the final usage', async () => {
    const { id } = await h.channel(15, { chunks: ['文心', '一言', '流式'], usage: USAGE }, [ERNIE]);
    const { text, usage } = await h.streamText(ERNIE);
    expect(text).toBe('文心一言流式');
    expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 });
    expect(h.upstream.requests.last()!.body).toMatchObject({ stream: true });
    await h.expectCharged(id, QUOTA, true);
  });

  const TOOLS = [
    {
      type: 'function' as const,
      function: {
        name: 'get_weather',
        description: '天气',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    },
  ];
  const CALL = { name: 'get_weather', arguments: '{"city":"北京"}' };
  const ASK = { role: 'user' as const, content: '北京天气？' };
  /** The conversation after the client ran the call ERNIE asked for (ERNIE's calls have no id). */
  const answered = (callId: string) => [
    ASK,
    {
      role: 'assistant' as const,
      content: null,
      tool_calls: [{ id: callId, type: 'function' as const, function: CALL }],
    },
    { role: 'tool' as const, tool_call_id: callId, content: '晴，20度' },
  ];
  /** What ERNIE must receive for it: the call as `function_call`, the result as a `function` turn. */
  const ANSWERED_MESSAGES = [
    { role: 'user', content: '北京天气？' },
    { role: 'assistant', content: '', function_call: CALL },
    { role: 'function', name: 'get_weather', content: '晴，20度' },
  ];

  it('round-trips a function call (functions/function_call, then a `function` turn), not streamed', async () => {
    const { id, scenarioKey } = await h.channel(15, { toolCalls: [CALL], usage: USAGE }, [ERNIE]);
    const res = await h.openai().chat.completions.create({
      model: ERNIE,
      messages: [ASK],
      tools: TOOLS,
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    expect(res.choices[0]!.finish_reason).toBe('tool_calls');
    const call = res.choices[0]!.message.tool_calls![0]!;
    expect(call).toMatchObject({ type: 'function', function: CALL });
    expect(call.id).toMatch(/^call_/);
    expect(h.upstream.requests.last()!.body).toMatchObject({
      functions: [TOOLS[0]!.function],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    await h.expectCharged(id, QUOTA, false);

    h.upstream.scenario(scenarioKey, { content: '北京晴天', usage: USAGE });
    const answer = await h.openai().chat.completions.create({
      model: ERNIE,
      messages: answered(call.id),
      tools: TOOLS,
    });
    expect(answer.choices[0]!.message.content).toBe('北京晴天');
    expect(h.upstream.requests.last()!.body).toMatchObject({ messages: ANSWERED_MESSAGES, stream: false });
    expect(await channelUsedQuota(h.gw, id)).toBe(2 * QUOTA);
  });

  it('round-trips a function call streamed (function_call in the last event)', async () => {
    const { id, scenarioKey } = await h.channel(15, { toolCalls: [CALL], usage: USAGE }, [ERNIE]);
    const stream = await h.openai().chat.completions.create({
      model: ERNIE,
      messages: [ASK],
      tools: TOOLS,
      stream: true,
    });
    const { calls, finish } = await h.readStream(stream);
    expect(calls).toEqual([{ id: expect.stringMatching(/^call_/), ...CALL }]);
    expect(finish).toBe('tool_calls');
    await h.expectCharged(id, QUOTA, true);

    h.upstream.scenario(scenarioKey, { chunks: ['北京', '晴天'], usage: USAGE });
    const answer = await h.openai().chat.completions.create({
      model: ERNIE,
      messages: answered(calls[0]!.id!),
      tools: TOOLS,
      stream: true,
    });
    let text = '';
    for await (const chunk of answer) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('北京晴天');
    expect(h.upstream.requests.last()!.body).toMatchObject({ messages: ANSWERED_MESSAGES, stream: true });
    expect(await channelUsedQuota(h.gw, id)).toBe(2 * QUOTA);
  });

  it('serves the Responses API through the hub, streamed', async () => {
    const { id } = await h.channel(15, { chunks: ['Respon', 'ses'], usage: USAGE }, [ERNIE]);
    const stream = await h.openai().responses.create({
      model: ERNIE,
      input: 'hi',
      instructions: 'be brief',
      stream: true,
    });
    let text = '';
    let usage: OpenAI.Responses.ResponseUsage | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') usage = event.response.usage;
    }
    expect(text).toBe('Responses');
    expect(usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
    expect(h.upstream.requests.last()!.body).toMatchObject({ system: 'be brief', stream: true });
    await h.expectCharged(id, QUOTA, true);
  });

  it('shares one token exchange between concurrent requests, and exchanges again after error 110', async () => {
    await h.channel(15, { content: 'ok', usage: USAGE }, [ERNIE]);
    const grants = h.upstream.cn.baidu.grants;
    const ask = () =>
      h.openai().chat.completions.create({ model: ERNIE, messages: [{ role: 'user', content: 'hi' }] });
    await Promise.all([ask(), ask(), ask()]);
    expect(h.upstream.cn.baidu.grants).toBe(grants + 1);
    await ask();
    expect(h.upstream.cn.baidu.grants).toBe(grants + 1);
    // The key's tokens are revoked: Baidu answers 110, the token is dropped and exchanged again.
    h.upstream.cn.baidu.revokeAll();
    const err = await apiError(ask());
    expect(err.status).toBe(502);
    expect(err.message).toContain('Access token invalid');
    const res = await ask();
    expect(res.choices[0]!.message.content).toBe('ok');
    expect(h.upstream.cn.baidu.grants).toBe(grants + 2);
  });

  it('serves embeddings natively at the model endpoint', async () => {
    const { id } = await h.channel(15, { usage: { prompt: 7 } }, ['Embedding-V1']);
    const res = await h.openai().embeddings.create({ model: 'Embedding-V1', input: ['hello', 'world'] });
    expect(res.data.map((d) => d.index)).toEqual([0, 1]);
    expect(res.data[0]!.embedding).toHaveLength(384);
    expect(res.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 });
    const seen = h.upstream.requests.last()!;
    expect(seen.path).toBe('/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1');
    expect(seen.body).toEqual({ input: ['hello', 'world'] });
    await h.expectCharged(id, 7, false);
  });

  it('maps an error code inside a 200 answer to its status (336003: 400, not retried, free)', async () => {
    const first = await h.channel(
      15,
      { error: { status: 200, code: 336003, message: 'the max_output_tokens is out of range' } },
      [ERNIE],
      10,
    );
    await h.channel(15, { content: 'never asked' }, [ERNIE]);
    const err = await apiError(
      h.openai().chat.completions.create({ model: ERNIE, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(400);
    expect(err.error).toMatchObject({ code: '336003' });
    expect(err.message).toContain('max_output_tokens is out of range');
    expect(
      h.upstream.requests
        .all()
        .filter((r) => r.route === 'baidu.chat')
        .map((r) => r.key),
    ).toEqual([first.scenarioKey]);
    await h.expectNothingCharged(first.id);
  });

  it('answers a key Baidu refuses as a gateway error, charging nothing', async () => {
    const id = await addChannel(h.gw, {
      type: 15,
      key: 'unknown-client|secret',
      baseUrl: h.upstream.url,
      models: [ERNIE],
      autoBan: false,
    });
    const err = await apiError(
      h.openai().chat.completions.create({ model: ERNIE, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(502);
    expect(err.message).toContain('获取百度访问令牌失败');
    await h.expectNothingCharged(id);
  });

  it('passes the channel test from the console with a real call', async () => {
    const { id } = await h.channel(15, { content: 'ok', usage: USAGE }, [ERNIE]);
    const res = await h.root.get<unknown>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
  });
});
