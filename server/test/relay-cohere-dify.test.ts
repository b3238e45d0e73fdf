import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { apiError, balances, channelUsedQuota, consumeLogs, testDbKind } from '@gateway/test-support';
import {
  COHERE,
  COHERE_QUOTA,
  COHERE_USAGE,
  DIFY_USAGE,
  RERANK,
  START,
  useCohereDify,
} from './support/cohere-dify.js';

/**
 * Cohere (type 34: v1 chat with its NDJSON stream, v1 rerank) against a fake speaking its wire
 * format, and the console test of Cohere and Dify channels. Prices (group ratio 1):
 * command-r-plus ratio 2, completion ratio 3; rerank-english-v3.0 ratio 3. Dify's chat apps:
 * relay-dify.test.ts.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Cohere and Dify channels', () => {
  const h = useCohereDify();

  it('Cohere: chat with preamble and history, billed by the billed units', async () => {
    const id = await h.channel(34, 'co-plain', { content: 'Paris.', usage: COHERE_USAGE });
    const res = await h.openai().chat.completions.create({
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
    const seen = h.upstream.requests.last()!;
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
    await h.expectCharged(id, COHERE_QUOTA, false);
  });

  it('Cohere: the NDJSON stream reaches the OpenAI SDK with its usage, billed exactly', async () => {
    const id = await h.channel(34, 'co-stream', { chunks: ['Bon', 'jour', '!'], usage: COHERE_USAGE });
    const stream = await h.openai().chat.completions.create({
      model: COHERE,
      messages: [{ role: 'user', content: 'Greet me in French' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage, finish } = await h.streamText(stream);
    expect(text).toBe('Bonjour!');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 30, completion_tokens: 12 });
    expect(h.upstream.requests.last()!.body).toMatchObject({ stream: true, message: 'Greet me in French' });
    await h.expectCharged(id, COHERE_QUOTA, true);
  });

  it('Cohere: the Anthropic SDK streams through the hub', async () => {
    const id = await h.channel(34, 'co-claude', { chunks: ['From', ' Cohere'], usage: COHERE_USAGE });
    const message = await h
      .anthropic()
      .messages.stream({
        model: COHERE,
        max_tokens: 64,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'hi' }],
      })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'From Cohere' })]);
    expect(message.usage).toMatchObject({ input_tokens: 30, output_tokens: 12 });
    expect(h.upstream.requests.last()!.body).toMatchObject({
      preamble: 'Be brief.',
      message: 'hi',
      max_tokens: 64,
    });
    await h.expectCharged(id, COHERE_QUOTA, true);
  });

  it('Cohere: a tool call and its result make a round trip through the OpenAI SDK', async () => {
    const call = { name: 'get_weather', arguments: '{"city":"Paris"}' };
    await h.channel(34, 'co-tools', { toolCalls: [call], usage: COHERE_USAGE });
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
    const first = await h.openai().chat.completions.create({ model: COHERE, tools, messages: [ask] });
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    const toolCall = choice.message.tool_calls![0]!;
    expect(toolCall).toMatchObject({ type: 'function', function: call });
    expect(h.upstream.requests.last()!.body).toMatchObject({
      tools: [{ name: 'get_weather', parameter_definitions: { city: { type: 'str', required: true } } }],
    });

    h.upstream.scenario('co-tools', { content: 'Sunny, 21 °C.', usage: COHERE_USAGE });
    const second = await h.openai().chat.completions.create({
      model: COHERE,
      tools,
      messages: [ask, choice.message, { role: 'tool', tool_call_id: toolCall.id, content: '{"temp":21}' }],
    });
    expect(second.choices[0]!.message.content).toBe('Sunny, 21 °C.');
    expect(h.upstream.requests.last()!.body).toMatchObject({
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
    const id = await h.channel(34, 'co-rerank', { usage: 'none' });
    const documents = ['Berlin is in Germany', 'Paris is the capital of France'];
    const res = await fetch(`${h.gw.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token.apiKey}`, 'content-type': 'application/json' },
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
    const seen = h.upstream.requests.last()!;
    expect(seen.path).toBe('/v1/rerank');
    expect(seen.body).toMatchObject({ model: RERANK, top_n: 1, return_documents: true });
    await h.expectCharged(id, 1 * 3, false);
  });

  it("Cohere: an invalid request is answered to the OpenAI SDK with Cohere's message, charging nothing", async () => {
    const id = await h.channel(34, 'co-bad', {
      error: { status: 400, message: 'invalid request: max_tokens cannot exceed 4000' },
    });
    const err = await apiError(
      h.openai().chat.completions.create({ model: COHERE, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain('max_tokens cannot exceed 4000');
    expect(h.upstream.requests.all()).toHaveLength(1);
    expect(await channelUsedQuota(h.gw, id)).toBe(0);
    expect(await balances(h.gw, h.userId, h.token.id)).toMatchObject({
      user: { quota: START, used_quota: 0 },
    });
    expect(await consumeLogs(h.gw, h.userId)).toEqual([]);
  });

  it('tests Cohere and Dify channels from the console with a real call', async () => {
    const cohere = await h.channel(34, 'co-test', { content: 'ok', usage: COHERE_USAGE });
    const res = await h.root.get<unknown>(`/api/channel/test/${cohere}?model=${COHERE}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(h.upstream.requests.last()!.route).toBe('cohere.chat');
    const dify = await h.channel(37, 'app-test', { content: 'ok', usage: DIFY_USAGE });
    const difyRes = await h.root.get<unknown>(`/api/channel/test/${dify}`);
    expect(difyRes.body.success, difyRes.body.message).toBe(true);
    expect(h.upstream.requests.last()!.route).toBe('dify.chat-messages');
  });
});
