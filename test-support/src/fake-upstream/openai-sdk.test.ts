/**
 * The fake upstream seen through the official `openai` SDK: if the SDK parses every reply, the
 * wire format (JSON shapes, SSE framing, binary and multipart handling) is what real clients expect.
 */
import OpenAI, { AuthenticationError, RateLimitError, toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deterministicVector, startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;

function client(apiKey = 'sk-default') {
  return new OpenAI({ apiKey, baseURL: `${upstream.url}/v1`, maxRetries: 0 });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('chat completions', () => {
  it('returns a chat.completion with the pinned usage and echoes the model', async () => {
    upstream.scenario('sk-chat', {
      content: 'Bonjour!',
      usage: { prompt: 12, completion: 7, cached: 4, reasoning: 3 },
    });
    const reply = await client('sk-chat').chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello in French' }],
    });
    expect(reply.id).toMatch(/^chatcmpl-[A-Za-z0-9]{29}$/);
    expect(reply.object).toBe('chat.completion');
    expect(reply.model).toBe('gpt-4o-mini');
    expect(reply.choices[0].message).toMatchObject({ role: 'assistant', content: 'Bonjour!' });
    expect(reply.choices[0].finish_reason).toBe('stop');
    expect(reply.usage).toMatchObject({
      prompt_tokens: 12,
      completion_tokens: 7,
      total_tokens: 19,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 3 },
    });
    const recorded = upstream.requests.last();
    expect(recorded).toMatchObject({ method: 'POST', path: '/v1/chat/completions', key: 'sk-chat' });
    expect(recorded?.headers.authorization).toBe('Bearer sk-chat');
    expect(recorded?.body).toMatchObject({ model: 'gpt-4o-mini' });
  });

  it('computes believable usage when none is pinned', async () => {
    const reply = await client().chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
    });
    // 3 (priming) + 3 (message) + "user" + "hi"
    expect(reply.usage?.prompt_tokens).toBe(8);
    expect(reply.usage?.completion_tokens).toBeGreaterThan(0);
    expect(reply.usage?.total_tokens).toBe(reply.usage!.prompt_tokens + reply.usage!.completion_tokens);
  });

  it('streams deltas and the include_usage chunk the SDK exposes', async () => {
    upstream.scenario('sk-stream', {
      content: 'one two three',
      usage: { prompt: 20, completion: 3, cached: 5 },
    });
    const stream = await client('sk-stream').chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe('one two three');
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'gpt-4o-mini')).toBe(true);
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('stop');
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({
      prompt_tokens: 20,
      completion_tokens: 3,
      total_tokens: 23,
      prompt_tokens_details: { cached_tokens: 5 },
    });
    // Every earlier chunk carries `usage: null`, as OpenAI sends it.
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('sends no usage chunk when include_usage is not asked for', async () => {
    const stream = await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe('stop');
  });

  it('streams tool calls that the SDK accumulates', async () => {
    upstream.scenario('sk-tools', { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    const runner = client('sk-tools').chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'weather?' }],
    });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0].finish_reason).toBe('tool_calls');
    const call = final.choices[0].message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Paris"}',
    });
  });

  it('maps scenario errors onto the SDK error classes', async () => {
    upstream.scenario('sk-limited', { error: { status: 429 } });
    await expect(
      client('sk-limited').chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'x' }],
      }),
    ).rejects.toBeInstanceOf(RateLimitError);
    const failure = await client('invalid-key-123')
      .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect((failure as AuthenticationError).code).toBe('invalid_api_key');
  });
});

describe('other endpoints', () => {
  it('serves legacy completions', async () => {
    upstream.scenario('sk-cmpl', { content: ' world', usage: { prompt: 2, completion: 1 } });
    const reply = await client('sk-cmpl').completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'hello',
    });
    expect(reply.object).toBe('text_completion');
    expect(reply.id).toMatch(/^cmpl-/);
    expect(reply.choices[0].text).toBe(' world');
    expect(reply.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 });
  });

  it('returns deterministic embeddings in float and in the SDK-default base64 encoding', async () => {
    const sdk = client();
    const decoded = await sdk.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['alpha', 'beta'],
    });
    expect(upstream.requests.last()?.body).toMatchObject({ encoding_format: 'base64' });
    expect(decoded.data).toHaveLength(2);
    expect(decoded.data[0].embedding).toHaveLength(1536);
    expect(decoded.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 });

    const floats = await sdk.embeddings.create({
      model: 'text-embedding-3-small',
      input: 'alpha',
      dimensions: 8,
      encoding_format: 'float',
    });
    expect(floats.data[0].embedding).toEqual(deterministicVector('text-embedding-3-small\nalpha', 8));
    expect(Array.from(decoded.data[0].embedding)).toEqual(
      deterministicVector('text-embedding-3-small\nalpha', 1536),
    );
  });

  it('generates images as URLs that resolve to PNGs, or as base64', async () => {
    const sdk = client();
    const byUrl = await sdk.images.generate({ model: 'dall-e-3', prompt: 'a cat', size: '1024x1792' });
    expect(byUrl.created).toBeGreaterThan(0);
    expect(byUrl.data?.[0].revised_prompt).toContain('a cat');
    const image = await fetch(byUrl.data![0].url!);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1792]);

    const inline = await sdk.images.generate({
      model: 'dall-e-2',
      prompt: 'a dog',
      n: 2,
      response_format: 'b64_json',
    });
    expect(inline.data).toHaveLength(2);
    expect(Buffer.from(inline.data![0].b64_json!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('returns speech as binary audio', async () => {
    const response = await client().audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: 'Hello there',
    });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const audio = Buffer.from(await response.arrayBuffer());
    expect(audio.length).toBeGreaterThan(0);
    expect([audio[0], audio[1]]).toEqual([0xff, 0xfb]);
  });

  it('accepts multipart uploads for transcriptions and translations', async () => {
    upstream.scenario('sk-stt', { content: 'the quick brown fox', audioSeconds: 3 });
    const sdk = client('sk-stt');
    const file = await toFile(Buffer.from('ID3 not really audio'), 'clip.mp3', { type: 'audio/mpeg' });
    const json = await sdk.audio.transcriptions.create({ model: 'whisper-1', file });
    expect(json.text).toBe('the quick brown fox');
    expect(json.usage).toEqual({ type: 'duration', seconds: 3 });

    const recorded = upstream.requests.last()!;
    expect(recorded.body).toMatchObject({ model: 'whisper-1' });
    expect(recorded.files).toHaveLength(1);
    expect(recorded.files[0]).toMatchObject({
      field: 'file',
      filename: 'clip.mp3',
      contentType: 'audio/mpeg',
    });
    expect(recorded.files[0].data.toString()).toBe('ID3 not really audio');

    const text = await sdk.audio.transcriptions.create({ model: 'whisper-1', file, response_format: 'text' });
    expect(text).toBe('the quick brown fox\n');
    const srt = await sdk.audio.transcriptions.create({ model: 'whisper-1', file, response_format: 'srt' });
    expect(srt).toBe('1\n00:00:00,000 --> 00:00:03,000\nthe quick brown fox\n\n');
    const translated = await sdk.audio.translations.create({ model: 'whisper-1', file });
    expect(translated.text).toBe('the quick brown fox');
  });

  it('lists the configured models', async () => {
    upstream.scenario('sk-models', { models: ['gpt-4o', 'my-model'] });
    const page = await client('sk-models').models.list();
    expect(page.data.map((m) => m.id)).toEqual(['gpt-4o', 'my-model']);
    expect(page.data[0]).toMatchObject({ object: 'model', owned_by: 'openai' });
  });

  it('moderates input', async () => {
    upstream.scenario('sk-mod', { flagged: true });
    const reply = await client('sk-mod').moderations.create({
      model: 'omni-moderation-latest',
      input: ['a', 'b'],
    });
    expect(reply.id).toMatch(/^modr-/);
    expect(reply.results).toHaveLength(2);
    expect(reply.results[0].flagged).toBe(true);
    expect(reply.results[0].categories.violence).toBe(true);
  });
});
