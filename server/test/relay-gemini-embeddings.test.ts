import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  deterministicVector,
  expectSingleCharge,
  relayMatrix,
  testDbKind,
} from '@gateway/test-support';

/**
 * Gemini embedContent / batchEmbedContents from Gemini clients (natively on Gemini channels, as
 * /v1/embeddings on OpenAI-compatible ones), OpenAI embeddings and Imagen images on Gemini
 * channels, and the usage told to clients when the upstream reported none. Gemini's embedding
 * answers carry no usage: prompt tokens are counted locally (cl100k: "hello world" 2,
 * "hello world\ngood morning" 5, "a red cat" 3, "a red cat\na blue dog" 7).
 * Prices: emb-m ratio 2 (quota = prompt × 2); imagen-3.0-generate-002 $0.02 per image.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Gemini embeddings and Imagen', () => {
  const START = 1_000_000;
  const MODEL = 'emb-m';
  const UPSTREAM_MODEL = 'text-embedding-004';
  const m = relayMatrix({
    options: {
      ModelRatio: JSON.stringify({ [MODEL]: 2, 'chat-m': 1 }),
      CompletionRatio: JSON.stringify({ 'chat-m': 2 }),
      ModelPrice: JSON.stringify({ 'imagen-3.0-generate-002': 0.02 }),
      RetryTimes: '0',
    },
    startQuota: START,
    userPrefix: 'gemembed',
  });

  const google = (apiKey: string) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: m.gw.url } });
  const openai = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });

  async function setup(type: 1 | 24, models = [MODEL], usage?: 'none' | { prompt: number }) {
    const key = `key-${type}`;
    m.upstream.scenario(key, usage ? { usage } : {});
    const channelId = await addChannel(m.gw, {
      type,
      key,
      baseUrl: m.upstream.url,
      models,
      // The client's model is mapped: every batch request must name the upstream's.
      modelMapping: { [MODEL]: UPSTREAM_MODEL },
    });
    const token = await addToken(m.gw, m.userId, { remainQuota: 100_000 });
    return { channelId, token };
  }

  const charged = (channelId: number, tokenId: number, quota: number, prompt: number, completion = 0) =>
    expectSingleCharge(m, {
      startQuota: START,
      tokenStart: 100_000,
      channelId,
      tokenId,
      quota,
      prompt,
      completion,
      stream: false,
    });

  const embedRaw = (apiKey: string, method: string, body: unknown) =>
    fetch(`${m.gw.url}/v1beta/models/${MODEL}:${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
      body: JSON.stringify(body),
    });

  describe('Gemini clients', () => {
    it('batchEmbedContents (the SDK’s embedContent) on a Gemini channel: every content, counted locally', async () => {
      const { channelId, token } = await setup(24);
      const res = await google(token.apiKey).models.embedContent({
        model: MODEL,
        contents: ['hello world', 'good morning'],
      });
      expect(res.embeddings?.map((e) => e.values)).toEqual([
        deterministicVector(`${UPSTREAM_MODEL}\nhello world`, 768),
        deterministicVector(`${UPSTREAM_MODEL}\ngood morning`, 768),
      ]);
      const seen = m.upstream.requests.last()!;
      expect(seen.path).toBe(`/v1beta/models/${UPSTREAM_MODEL}:batchEmbedContents`);
      expect(seen.headers['x-goog-api-key']).toBe('key-24');
      expect((seen.body as { requests: Array<{ model: string }> }).requests.map((r) => r.model)).toEqual([
        `models/${UPSTREAM_MODEL}`,
        `models/${UPSTREAM_MODEL}`,
      ]);
      await charged(channelId, token.id, 10, 5);
    });

    it('embedContent on a Gemini channel, with outputDimensionality passed on', async () => {
      const { channelId, token } = await setup(24);
      const res = await embedRaw(token.apiKey, 'embedContent', {
        content: { parts: [{ text: 'a red cat' }] },
        taskType: 'RETRIEVAL_QUERY',
        outputDimensionality: 8,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { embedding: { values: number[] } };
      expect(body.embedding.values).toEqual(
        deterministicVector(`${UPSTREAM_MODEL}\na red cat`, 768).slice(0, 8),
      );
      const seen = m.upstream.requests.last()!;
      expect(seen.path).toBe(`/v1beta/models/${UPSTREAM_MODEL}:embedContent`);
      expect(seen.body).toMatchObject({ taskType: 'RETRIEVAL_QUERY', outputDimensionality: 8 });
      await charged(channelId, token.id, 6, 3);
    });

    it('batchEmbedContents on an OpenAI channel: /v1/embeddings with every input, its usage billed', async () => {
      const { channelId, token } = await setup(1, [MODEL], { prompt: 9 });
      const res = await google(token.apiKey).models.embedContent({
        model: MODEL,
        contents: ['hello world', 'good morning'],
        config: { outputDimensionality: 16 },
      });
      expect(res.embeddings?.map((e) => e.values)).toEqual([
        deterministicVector(`${UPSTREAM_MODEL}\nhello world`, 16),
        deterministicVector(`${UPSTREAM_MODEL}\ngood morning`, 16),
      ]);
      const seen = m.upstream.requests.last()!;
      expect(seen.route).toBe('openai.embeddings');
      expect(seen.headers.authorization).toBe('Bearer key-1');
      expect(seen.query).toEqual({});
      expect(seen.body).toEqual({
        model: UPSTREAM_MODEL,
        input: ['hello world', 'good morning'],
        encoding_format: 'float',
        dimensions: 16,
      });
      await charged(channelId, token.id, 18, 9);
    });

    it('embedContent on an OpenAI channel answers in Gemini’s shape', async () => {
      const { channelId, token } = await setup(1, [MODEL], { prompt: 3 });
      const res = await embedRaw(token.apiKey, 'embedContent', {
        content: { parts: [{ text: 'a red cat' }] },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        embedding: { values: deterministicVector(`${UPSTREAM_MODEL}\na red cat`, 1536) },
      });
      await charged(channelId, token.id, 6, 3);
    });

    it('refuses a body without content in Gemini’s error shape, free', async () => {
      const { token } = await setup(24);
      const res = await embedRaw(token.apiKey, 'embedContent', { content: { parts: [] } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: number; status: string } };
      expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(m.upstream.requests.all()).toHaveLength(0);
    });
  });

  describe('OpenAI clients on a Gemini channel', () => {
    it('embeddings: every input in one batchEmbedContents call (base64 as the SDK asks), usage told', async () => {
      const { channelId, token } = await setup(24);
      const res = await openai(token.apiKey).embeddings.create({
        model: MODEL,
        input: ['a red cat', 'a blue dog'],
      });
      expect(res.data.map((d) => d.index)).toEqual([0, 1]);
      expect(res.data[0]!.embedding).toEqual(deterministicVector(`${UPSTREAM_MODEL}\na red cat`, 768));
      expect(res.data[1]!.embedding).toEqual(deterministicVector(`${UPSTREAM_MODEL}\na blue dog`, 768));
      expect(res.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 });
      const seen = m.upstream.requests.last()!;
      expect(seen.path).toBe(`/v1beta/models/${UPSTREAM_MODEL}:batchEmbedContents`);
      expect(seen.body).toEqual({
        requests: [
          { model: `models/${UPSTREAM_MODEL}`, content: { parts: [{ text: 'a red cat' }] } },
          { model: `models/${UPSTREAM_MODEL}`, content: { parts: [{ text: 'a blue dog' }] } },
        ],
      });
      await charged(channelId, token.id, 14, 7);
    });

    it('embeddings as floats, with dimensions as outputDimensionality', async () => {
      const { token } = await setup(24);
      const res = await openai(token.apiKey).embeddings.create({
        model: MODEL,
        input: 'hello world',
        dimensions: 4,
        encoding_format: 'float',
      });
      expect(res.data[0]!.embedding).toEqual(
        deterministicVector(`${UPSTREAM_MODEL}\nhello world`, 768).slice(0, 4),
      );
      expect(res.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 });
    });

    it('images with an imagen model: :predict, billed per image whatever the aspect ratio', async () => {
      const IMAGEN = 'imagen-3.0-generate-002';
      const { channelId, token } = await setup(24, [IMAGEN]);
      const res = await openai(token.apiKey).images.generate({
        model: IMAGEN,
        prompt: 'a lighthouse at dusk',
        n: 2,
        size: '1792x1024',
      });
      expect(res.data).toHaveLength(2);
      expect(Buffer.from(res.data![0]!.b64_json!, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const seen = m.upstream.requests.last()!;
      expect(seen.route).toBe('gemini.predict');
      expect(seen.path).toBe(`/v1beta/models/${IMAGEN}:predict`);
      expect(seen.body).toEqual({
        instances: [{ prompt: 'a lighthouse at dusk' }],
        parameters: { sampleCount: 2, aspectRatio: '16:9' },
      });
      // $0.02 × 500000 quota per dollar × 2 images; the log counts images as prompt units.
      await charged(channelId, token.id, 20_000, 2);
    });
  });

  describe('usage told when the upstream reported none', () => {
    it('chat: the counted usage appears in the answer, equal to the charge', async () => {
      m.upstream.scenario('key-nousage', { content: 'hello world', usage: 'none' });
      const channelId = await addChannel(m.gw, {
        type: 1,
        key: 'key-nousage',
        baseUrl: m.upstream.url,
        models: ['chat-m'],
      });
      const token = await addToken(m.gw, m.userId, { remainQuota: 100_000 });
      const res = await openai(token.apiKey).chat.completions.create({
        model: 'chat-m',
        messages: [{ role: 'user', content: 'hello world' }],
      });
      expect(res.choices[0]!.message.content).toBe('hello world');
      // 3 (reply) + 3 (message) + 1 ("user") + 2 = 9 prompt; 2 completion; (9 + 2 × 2) × 1 = 13.
      expect(res.usage).toEqual({ prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 });
      await charged(channelId, token.id, 13, 9, 2);
    });

    it('embeddings on an OpenAI channel without usage', async () => {
      const { channelId, token } = await setup(1, [MODEL], 'none');
      const res = await openai(token.apiKey).embeddings.create({ model: MODEL, input: 'a red cat' });
      expect(res.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
      await charged(channelId, token.id, 6, 3);
    });
  });
});
