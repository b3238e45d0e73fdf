import { describe, expect, it } from 'vitest';
import { addChannel, channelUsedQuota, testDbKind } from '@gateway/test-support';
import { DIFY, DIFY_QUOTA, DIFY_USAGE, useCohereDify } from './support/cohere-dify.js';

/**
 * Dify (type 37: chat apps' /v1/chat-messages, completion apps and workflows as `other` says)
 * against a fake speaking its wire format. Prices (group ratio 1): dify-app ratio 1.5,
 * completion ratio 2. Cohere, and the console test of both:
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

  /** A Dify channel of the app kind `other`. */
  async function app(
    other: string,
    key: string,
    spec: Parameters<typeof h.upstream.scenario>[1],
    priority = 0,
  ) {
    h.upstream.scenario(key, spec);
    return addChannel(h.gw, { type: 37, key, baseUrl: h.upstream.url, models: [DIFY], other, priority });
  }
  // A workflow reports only total_tokens (40 + 10), all billed as completion: 50 × 2 × 1.5.
  const WORKFLOW_QUOTA = 50 * 2 * 1.5;

  it('Dify completion app: the text goes as inputs.query to /v1/completion-messages, plain and streamed', async () => {
    const id = await app('completion', 'app-completion', {
      chunks: ['Bonjour', ' Paris'],
      usage: DIFY_USAGE,
    });
    const res = await h.openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(res.choices[0]!.message.content).toBe('Bonjour Paris');
    expect(res.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 10 });
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('dify.completion-messages');
    expect(seen.body).toEqual({
      inputs: { query: 'Say hello' },
      response_mode: 'blocking',
      user: 'api-user',
    });
    await h.expectCharged(id, DIFY_QUOTA, false);

    const stream = await h.openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'Say hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const streamed = await h.streamText(stream);
    expect(streamed).toMatchObject({ text: 'Bonjour Paris', finish: 'stop' });
    expect(streamed.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 10 });
    expect(h.upstream.requests.last()!.body).toMatchObject({ response_mode: 'streaming' });
    expect(await channelUsedQuota(h.gw, id)).toBe(2 * DIFY_QUOTA);
  });

  it('Dify workflow: a blocking run answers outputs.text, billed by total_tokens', async () => {
    const id = await app('workflow', 'app-workflow', { content: 'Paris: sunny', usage: DIFY_USAGE });
    const res = await h.openai().chat.completions.create({
      model: DIFY,
      user: 'bob',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    expect(res.choices[0]!.message.content).toBe('Paris: sunny');
    expect(res.usage).toMatchObject({ prompt_tokens: 0, completion_tokens: 50 });
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('dify.workflows-run');
    expect(seen.body).toEqual({
      inputs: { query: 'Weather in Paris?' },
      response_mode: 'blocking',
      user: 'bob',
    });
    await h.expectCharged(id, WORKFLOW_QUOTA, false);
  });

  it('Dify workflow: text_chunk events stream to the OpenAI SDK, workflow_finished bills the total', async () => {
    const id = await app('workflow', 'app-workflow-stream', {
      chunks: ['Rain', ' in', ' Lyon'],
      usage: DIFY_USAGE,
    });
    const stream = await h.openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'Weather in Lyon?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage, finish } = await h.streamText(stream);
    expect(text).toBe('Rain in Lyon');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 0, completion_tokens: 50 });
    await h.expectCharged(id, WORKFLOW_QUOTA, true);
  });

  it('Dify workflow: a failed run (blocking or streamed) is retried on another channel, for free', async () => {
    const failure = { streamError: { afterEvents: 2, message: 'Node LLM run failed: quota' } };
    const bad = await app('workflow', 'wf-failing', failure, 10);
    const good = await app('workflow', 'wf-good', { content: 'fine', usage: DIFY_USAGE });
    const res = await h
      .openai()
      .chat.completions.create({ model: DIFY, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices[0]!.message.content).toBe('fine');
    const stream = await h.openai().chat.completions.create({
      model: DIFY,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    expect((await h.streamText(stream)).text).toBe('fine');
    expect(h.upstream.requests.all().map((r) => r.key)).toEqual([
      'wf-failing',
      'wf-good',
      'wf-failing',
      'wf-good',
    ]);
    expect(await channelUsedQuota(h.gw, bad)).toBe(0);
    expect(await channelUsedQuota(h.gw, good)).toBe(2 * WORKFLOW_QUOTA);
  });
});
