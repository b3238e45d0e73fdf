import { describe, expect, it } from 'vitest';
import { addChannel, apiError, channelUsedQuota, testDbKind } from '@gateway/test-support';
import { QUOTA, USAGE, useCnNatives } from './support/cn-natives.js';

/**
 * Zhipu v3 channels (type 16) against a fake that verifies every JWT with the key's secret and
 * streams `event: add`/`finish` with the usage in a `meta:` line.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Zhipu v3 channels (16)', () => {
  const GLM = 'chatglm_turbo';
  const h = useCnNatives([GLM], ['text_embedding']);
  it('answers the Anthropic SDK through the hub with a verified JWT, streamed and not', async () => {
    const { id, scenarioKey } = await h.channel(16, { chunks: ['智谱', '\n', '你好'], usage: USAGE }, [GLM]);
    const message = await h.anthropic().messages.create({
      model: GLM,
      max_tokens: 64,
      system: 'be brief',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: '智谱\n你好' }]);
    expect(message.usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
    const seen = h.upstream.requests.last()!;
    expect(seen.path).toBe(`/api/paas/v3/model-api/${GLM}/invoke`);
    expect(seen.key).toBe(scenarioKey);
    expect(seen.body).toEqual({
      prompt: [
        { role: 'user', content: 'be brief' },
        { role: 'assistant', content: '好的。' },
        { role: 'user', content: 'hi' },
      ],
      incremental: true,
    });
    await h.expectCharged(id, QUOTA, false);

    const streamed = await h
      .anthropic()
      .messages.stream({ model: GLM, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(streamed.content).toEqual([expect.objectContaining({ type: 'text', text: '智谱\n你好' })]);
    expect(streamed.usage).toMatchObject({ input_tokens: 100, output_tokens: 20 });
    const second = h.upstream.requests.last()!;
    expect(second.path).toBe(`/api/paas/v3/model-api/${GLM}/sse-invoke`);
    // The signed token is cached, not made per request.
    expect(second.headers.authorization).toBe(seen.headers.authorization);
    expect(await channelUsedQuota(h.gw, id)).toBe(2 * QUOTA);
  });

  it('streams to the OpenAI SDK with the usage from the finish event meta', async () => {
    const { id } = await h.channel(16, { chunks: ['a', 'b', 'c'], usage: USAGE }, [GLM]);
    const { text, usage } = await h.streamText(GLM);
    expect(text).toBe('abc');
    expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    await h.expectCharged(id, QUOTA, true);
  });

  it('retries an error event sent before any output on another channel, for free', async () => {
    const bad = await h.channel(16, { streamError: { afterEvents: 0, message: '模型繁忙' } }, [GLM], 10);
    const good = await h.channel(16, { chunks: ['second', ' try'], usage: USAGE }, [GLM]);
    const { text } = await h.streamText(GLM);
    expect(text).toBe('second try');
    expect(h.upstream.requests.all().map((r) => r.key)).toEqual([bad.scenarioKey, good.scenarioKey]);
    expect(await channelUsedQuota(h.gw, bad.id)).toBe(0);
    await h.expectCharged(good.id, QUOTA, true);
  });

  it('embeds one input with text_embedding', async () => {
    const { id } = await h.channel(16, { usage: { prompt: 5 } }, ['text_embedding']);
    const res = await h.openai().embeddings.create({ model: 'text_embedding', input: 'hello' });
    expect(res.data[0]!.embedding).toHaveLength(1024);
    expect(h.upstream.requests.last()!.body).toEqual({ prompt: 'hello' });
    await h.expectCharged(id, 5, false);

    // text_embedding takes one prompt per call: several inputs are refused before any call.
    const err = await apiError(h.openai().embeddings.create({ model: 'text_embedding', input: ['a', 'b'] }));
    expect(err.status).toBe(400);
    expect(h.upstream.requests.all()).toHaveLength(1);
  });

  it('answers a token Zhipu refuses (wrong secret) as a gateway error', async () => {
    const { id: keyId } = h.upstream.cn.zhipu.create();
    const id = await addChannel(h.gw, {
      type: 16,
      key: `${keyId}.wrongsecret`,
      baseUrl: h.upstream.url,
      models: [GLM],
      autoBan: false,
    });
    const err = await apiError(
      h.openai().chat.completions.create({ model: GLM, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(502);
    expect(err.message).toContain('Authorization Token非法');
    await h.expectNothingCharged(id);
  });

  it('passes the channel test from the console with a real call', async () => {
    const { id } = await h.channel(16, { content: 'ok', usage: USAGE }, [GLM]);
    const res = await h.root.get<unknown>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
  });
});
