import { describe, expect, it } from 'vitest';
import { channelUsedQuota, testDbKind } from '@gateway/test-support';
import { DIFY, DIFY_QUOTA, DIFY_USAGE, useCohereDify } from './support/cohere-dify.js';

/**
 * Dify (type 37: chat apps' /v1/chat-messages) against a fake speaking its wire format. Prices
 * (group ratio 1): dify-app ratio 1.5, completion ratio 2. Cohere, and the console test of both:
 * relay-cohere-dify.test.ts.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Cohere and Dify channels', () => {
  const h = useCohereDify();

  it('Dify: chat flattens the conversation into the query, billed by metadata.usage', async () => {
    const id = await h.channel(37, 'app-plain', { content: 'Sunny.', usage: DIFY_USAGE });
    const res = await h.openai().chat.completions.create({
      model: DIFY,
      user: 'alice',
      messages: [
        { role: 'system', content: 'You are a weather bot.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
    });
    expect(res.choices[0]!.message.content).toBe('Sunny.');
    expect(res.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 10 });
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('dify.chat-messages');
    expect(seen.headers.authorization).toBe('Bearer app-plain');
    expect(seen.body).toEqual({
      inputs: {},
      query: 'SYSTEM: You are a weather bot.\n\nUSER: Weather in Paris?',
      response_mode: 'blocking',
      user: 'alice',
    });
    await h.expectCharged(id, DIFY_QUOTA, false);
  });

  it('Dify: the chatflow stream (workflow events, pings) reaches the OpenAI SDK, billed exactly', async () => {
    const id = await h.channel(37, 'app-stream', { chunks: ['It is', ' sunny', '.'], usage: DIFY_USAGE });
    const stream = await h.openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'Weather?' }],
      stream: true,
    });
    const { text, usage } = await h.streamText(stream);
    expect(text).toBe('It is sunny.');
    // The client did not ask for usage: the gateway keeps it to itself.
    expect(usage).toBeUndefined();
    expect(h.upstream.requests.last()!.body).toMatchObject({ response_mode: 'streaming', query: 'Weather?' });
    await h.expectCharged(id, DIFY_QUOTA, true);
  });

  it('Dify: the Anthropic SDK is served through the hub', async () => {
    const id = await h.channel(37, 'app-claude', { content: 'Through Dify', usage: DIFY_USAGE });
    const message = await h.anthropic().messages.create({
      model: DIFY,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Through Dify' })]);
    expect(message.usage).toMatchObject({ input_tokens: 40, output_tokens: 10 });
    await h.expectCharged(id, DIFY_QUOTA, false);
  });

  it('Dify: an error event before any answer is retried on another channel, for free', async () => {
    const bad = await h.channel(
      37,
      'app-failing',
      { streamError: { afterEvents: 3, type: 'provider_quota_exceeded', message: 'Your quota is used up' } },
      10,
    );
    const good = await h.channel(37, 'app-good', { chunks: ['second', ' try'], usage: DIFY_USAGE });
    const stream = await h.openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    expect((await h.streamText(stream)).text).toBe('second try');
    expect(h.upstream.requests.all().map((r) => r.key)).toEqual(['app-failing', 'app-good']);
    expect(await channelUsedQuota(h.gw, bad)).toBe(0);
    await h.expectCharged(good, DIFY_QUOTA, true);
  });
});
