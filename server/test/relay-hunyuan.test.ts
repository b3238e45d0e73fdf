import { GoogleGenAI } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { addChannel, apiError, channelUsedQuota, testDbKind } from '@gateway/test-support';
import { QUOTA, USAGE, useCnNatives } from './support/cn-natives.js';

/**
 * Tencent Hunyuan channels (type 23) against a fake that recomputes every TC3-HMAC-SHA256
 * signature with the SecretKey and answers errors inside HTTP 200, as Tencent Cloud does.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Tencent Hunyuan channels (23)', () => {
  const HUNYUAN = 'hunyuan-lite';
  const h = useCnNatives([HUNYUAN], ['hunyuan-embedding']);
  it('signs ChatCompletions with TC3 and answers OpenAI chat, streamed and not, billed exactly', async () => {
    const { id, scenarioKey } = await h.channel(23, { chunks: ['混元', '你好'], usage: USAGE }, [HUNYUAN]);
    const res = await h.openai().chat.completions.create({
      model: HUNYUAN,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
      top_p: 0.5,
    });
    expect(res.choices[0]!.message.content).toBe('混元你好');
    expect(res.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('hunyuan.api');
    expect(seen.key).toBe(scenarioKey);
    expect(seen.headers).toMatchObject({ 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01' });
    expect(seen.body).toEqual({
      Model: HUNYUAN,
      Messages: [
        { Role: 'system', Content: 'be brief' },
        { Role: 'user', Content: 'hi' },
      ],
      Stream: false,
      TopP: 0.5,
    });
    await h.expectCharged(id, QUOTA, false);

    const { text, usage } = await h.streamText(HUNYUAN);
    expect(text).toBe('混元你好');
    expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    expect(await channelUsedQuota(h.gw, id)).toBe(2 * QUOTA);
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
  const CALL = { id: 'call_hy1', name: 'get_weather', arguments: '{"city":"深圳"}' };
  const ASK = { role: 'user' as const, content: '深圳天气？' };
  const ANSWERED = [
    ASK,
    {
      role: 'assistant' as const,
      content: null,
      tool_calls: [
        {
          id: 'call_hy1',
          type: 'function' as const,
          function: { name: CALL.name, arguments: CALL.arguments },
        },
      ],
    },
    { role: 'tool' as const, tool_call_id: 'call_hy1', content: '晴，25度' },
  ];
  /** What Hunyuan must receive for ANSWERED: the call as ToolCalls, the result as a `tool` turn. */
  const ANSWERED_MESSAGES = [
    { Role: 'user', Content: '深圳天气？' },
    {
      Role: 'assistant',
      Content: '',
      ToolCalls: [
        { Id: 'call_hy1', Type: 'function', Function: { Name: CALL.name, Arguments: CALL.arguments } },
      ],
    },
    { Role: 'tool', Content: '晴，25度', ToolCallId: 'call_hy1' },
  ];

  it('round-trips a tool call (Tools/ToolCalls, then a `tool` turn), not streamed, billed exactly', async () => {
    const { id, scenarioKey } = await h.channel(23, { toolCalls: [CALL], usage: USAGE }, [HUNYUAN]);
    const res = await h.openai().chat.completions.create({ model: HUNYUAN, messages: [ASK], tools: TOOLS });
    expect(res.choices[0]!.finish_reason).toBe('tool_calls');
    expect(res.choices[0]!.message.tool_calls).toEqual([
      { id: 'call_hy1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"深圳"}' } },
    ]);
    expect(h.upstream.requests.last()!.body).toMatchObject({
      Tools: [
        {
          Type: 'function',
          Function: {
            Name: 'get_weather',
            Description: '天气',
            Parameters: '{"type":"object","properties":{"city":{"type":"string"}}}',
          },
        },
      ],
    });
    await h.expectCharged(id, QUOTA, false);

    h.upstream.scenario(scenarioKey, { content: '深圳晴天', usage: USAGE });
    const answer = await h
      .openai()
      .chat.completions.create({ model: HUNYUAN, messages: ANSWERED, tools: TOOLS });
    expect(answer.choices[0]!.message.content).toBe('深圳晴天');
    expect(h.upstream.requests.last()!.body).toMatchObject({ Messages: ANSWERED_MESSAGES, Stream: false });
    expect(await channelUsedQuota(h.gw, id)).toBe(2 * QUOTA);
  });

  it('round-trips a tool call streamed (Delta.ToolCalls), billed exactly', async () => {
    const { id, scenarioKey } = await h.channel(23, { toolCalls: [CALL], usage: USAGE }, [HUNYUAN]);
    const stream = await h.openai().chat.completions.create({
      model: HUNYUAN,
      messages: [ASK],
      tools: TOOLS,
      stream: true,
    });
    const { calls, finish } = await h.readStream(stream);
    expect(calls).toEqual([{ id: 'call_hy1', name: 'get_weather', arguments: '{"city":"深圳"}' }]);
    expect(finish).toBe('tool_calls');
    await h.expectCharged(id, QUOTA, true);

    h.upstream.scenario(scenarioKey, { chunks: ['深圳', '晴天'], usage: USAGE });
    const answer = await h.openai().chat.completions.create({
      model: HUNYUAN,
      messages: ANSWERED,
      tools: TOOLS,
      stream: true,
    });
    let text = '';
    for await (const chunk of answer) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('深圳晴天');
    expect(h.upstream.requests.last()!.body).toMatchObject({ Messages: ANSWERED_MESSAGES, Stream: true });
    expect(await channelUsedQuota(h.gw, id)).toBe(2 * QUOTA);
  });

  it('sends an image message as Contents (hunyuan-vision), billed exactly', async () => {
    const { id } = await h.channel(23, { content: '一只猫', usage: USAGE }, [HUNYUAN]);
    const res = await h.openai().chat.completions.create({
      model: HUNYUAN,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '这是什么？' },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
          ],
        },
      ],
    });
    expect(res.choices[0]!.message.content).toBe('一只猫');
    expect(h.upstream.requests.last()!.body).toMatchObject({
      Messages: [
        {
          Role: 'user',
          Contents: [
            { Type: 'text', Text: '这是什么？' },
            { Type: 'image_url', ImageUrl: { Url: 'https://example.com/cat.png' } },
          ],
        },
      ],
    });
    await h.expectCharged(id, QUOTA, false);
  });

  it('serves the Google SDK through the hub', async () => {
    const { id } = await h.channel(23, { content: 'Gemini asks Hunyuan', usage: USAGE }, [HUNYUAN]);
    const google = new GoogleGenAI({ apiKey: h.token.apiKey, httpOptions: { baseUrl: h.gw.url } });
    const res = await google.models.generateContent({ model: HUNYUAN, contents: 'hi' });
    expect(res.text).toBe('Gemini asks Hunyuan');
    await h.expectCharged(id, QUOTA, false);
  });

  it('serves embeddings through GetEmbedding', async () => {
    const { id } = await h.channel(23, { usage: { prompt: 6 } }, ['hunyuan-embedding']);
    const res = await h.openai().embeddings.create({ model: 'hunyuan-embedding', input: ['a', 'b'] });
    expect(res.data).toHaveLength(2);
    const seen = h.upstream.requests.last()!;
    expect(seen.headers['x-tc-action']).toBe('GetEmbedding');
    expect(seen.body).toEqual({ InputList: ['a', 'b'] });
    await h.expectCharged(id, 6, false);
  });

  it('retries a LimitExceeded answered (as JSON, HTTP 200) to a stream request on another channel', async () => {
    const busy = await h.channel(
      23,
      { error: { status: 200, code: 'LimitExceeded', message: '请求限频' } },
      [HUNYUAN],
      10,
    );
    const good = await h.channel(23, { chunks: ['ok'], usage: USAGE }, [HUNYUAN]);
    const { text } = await h.streamText(HUNYUAN);
    expect(text).toBe('ok');
    expect(h.upstream.requests.all().map((r) => r.key)).toEqual([busy.scenarioKey, good.scenarioKey]);
    expect(await channelUsedQuota(h.gw, busy.id)).toBe(0);
    await h.expectCharged(good.id, QUOTA, true);
  });

  it("answers Tencent's AuthFailure.SignatureFailure for a wrong SecretKey as a gateway error, free", async () => {
    const { appId, secretId } = h.upstream.cn.hunyuan.create();
    const id = await addChannel(h.gw, {
      type: 23,
      key: `${appId}|${secretId}|${'0'.repeat(32)}`,
      baseUrl: h.upstream.url,
      models: [HUNYUAN],
      autoBan: false,
    });
    const err = await apiError(
      h.openai().chat.completions.create({ model: HUNYUAN, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ code: 'AuthFailure.SignatureFailure' });
    await h.expectNothingCharged(id);
  });

  it('passes the channel test from the console with a real call', async () => {
    const { id } = await h.channel(23, { content: 'ok', usage: USAGE }, [HUNYUAN]);
    const res = await h.root.get<unknown>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
  });
});
