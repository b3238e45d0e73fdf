/** The Gemini family, checked with the official Google SDK (what real clients parse). */
import { ApiError, GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;
const sdk = (apiKey = 'AIza-test') => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: upstream.url } });

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('Gemini generateContent', () => {
  it('answers with the pinned usage: cache inside the prompt, thoughts apart from candidates', async () => {
    upstream.scenario('AIza-test', {
      content: 'Hello from Gemini',
      reasoningContent: 'hm',
      usage: { prompt: 12, completion: 5, cached: 4, reasoning: 3 },
    });
    const res = await sdk().models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' });
    expect(res.text).toBe('Hello from Gemini');
    expect(res.candidates![0]!.content!.parts![0]).toEqual({ text: 'hm', thought: true });
    expect(res.candidates![0]!.finishReason).toBe('STOP');
    expect(res.usageMetadata).toEqual({
      promptTokenCount: 12,
      candidatesTokenCount: 5,
      cachedContentTokenCount: 4,
      thoughtsTokenCount: 3,
      totalTokenCount: 20,
    });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('gemini.generate');
    expect(seen.params).toEqual({ version: 'v1beta', model: 'gemini-2.5-flash', method: 'generateContent' });
    expect(seen.headers['x-goog-api-key']).toBe('AIza-test');
  });

  it('streams chunks with alt=sse, a function call whole, usage on every chunk', async () => {
    upstream.scenario('AIza-test', {
      chunks: ['Hel', 'lo'],
      toolCalls: [{ name: 'f', arguments: '{"a":1}' }],
      usage: { prompt: 7, completion: 2 },
    });
    const texts: string[] = [];
    const calls: unknown[] = [];
    let finish: string | undefined;
    for await (const chunk of await sdk().models.generateContentStream({ model: 'g', contents: 'hi' })) {
      texts.push(chunk.text ?? '');
      calls.push(...(chunk.functionCalls ?? []));
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
      expect(chunk.usageMetadata).toMatchObject({ promptTokenCount: 7, candidatesTokenCount: 2 });
    }
    expect(texts.join('')).toBe('Hello');
    expect(calls).toEqual([{ name: 'f', args: { a: 1 } }]);
    expect(finish).toBe('STOP');
    expect(upstream.requests.last()!.query).toEqual({ alt: 'sse' });
  });

  it('ends a stream with an error object, and answers errors in Google shape', async () => {
    upstream.scenario('AIza-test', { chunks: ['a', 'b'], streamError: { afterEvents: 1, message: 'boom' } });
    const res = await fetch(`${upstream.url}/v1beta/models/g:streamGenerateContent?alt=sse&key=AIza-test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    expect(frames).toHaveLength(2);
    expect(JSON.parse(frames[1]!.slice(6))).toEqual({
      error: { code: 500, message: 'boom', status: 'INTERNAL' },
    });

    upstream.scenario('AIza-busy', { error: { status: 429 } });
    const err = await sdk('AIza-busy')
      .models.generateContent({ model: 'g', contents: 'hi' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(429);
    expect(JSON.parse((err as ApiError).message)).toEqual({
      error: {
        code: 429,
        message: 'Resource has been exhausted (e.g. check quota).',
        status: 'RESOURCE_EXHAUSTED',
      },
    });
  });

  it('checks the key, the contents and OpenAI-only fields like the real API', async () => {
    const post = (body: unknown, headers: Record<string, string> = { 'x-goog-api-key': 'AIza-test' }) =>
      fetch(`${upstream.url}/v1beta/models/g:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const noKey = await post({ contents: [{ parts: [{ text: 'x' }] }] }, {});
    expect(noKey.status).toBe(403);
    const invalid = await post({ contents: [{ parts: [{ text: 'x' }] }] }, { 'x-goog-api-key': 'invalid-1' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toContain(
      'API key not valid',
    );
    expect((await post({ contents: [] })).status).toBe(400);
    const openaiField = await post({ contents: [{ parts: [{ text: 'x' }] }], model: 'g' });
    expect(((await openaiField.json()) as { error: { message: string } }).error.message).toContain(
      'Unknown name "model"',
    );
    const noName = await post({
      contents: [{ role: 'user', parts: [{ functionResponse: { response: {} } }] }],
    });
    expect(noName.status).toBe(400);
  });
});
