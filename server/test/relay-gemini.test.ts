import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel, addToken, balances, expectSingleCharge, relayMatrix } from '@gateway/test-support';
import { queryStats } from '../src/platform/db/query-stats.js';

/**
 * {OpenAI SDK, Anthropic SDK, Google SDK} × {OpenAI channel, Gemini channel} × {stream,
 * non-stream}: the answer each client sees, the usage it is told, and the exact quota charged.
 * Prices: gem-m ratio 2, completion ratio 3, cache ratio 0.5.
 */
describe('Gemini clients and Gemini channels: the client × channel matrix', () => {
  const START = 1_000_000;
  const MODEL = 'gem-m';
  const m = relayMatrix({
    options: {
      ModelRatio: JSON.stringify({ [MODEL]: 2 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 3 }),
      CacheRatio: JSON.stringify({ [MODEL]: 0.5 }),
      RetryTimes: '0',
    },
    startQuota: START,
    userPrefix: 'gemini',
  });

  const openai = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
  const anthropic = (apiKey: string) => new Anthropic({ apiKey, baseURL: m.gw.url, maxRetries: 0 });
  const google = (apiKey: string) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: m.gw.url } });

  /**
   * The same billed numbers on both channel kinds: 100 prompt tokens of which 40 cached, 20
   * output tokens. Gemini reports its 20 as 15 candidates + 5 thoughts (both billed as output).
   * Quota = (60 + 40 × 0.5 + 20 × 3) × 2 = 280.
   */
  const QUOTA = 280;
  const CHANNELS = {
    openai: { type: 1, usage: { prompt: 100, completion: 20, cached: 40 }, route: 'openai.chat' },
    gemini: {
      type: 24,
      usage: { prompt: 100, completion: 15, reasoning: 5, cached: 40 },
      route: 'gemini.generate',
    },
  } as const;
  type ChannelKind = keyof typeof CHANNELS;

  async function setup(kind: ChannelKind) {
    m.upstream.scenario(`key-${kind}`, {
      chunks: ['Hello', ' from', ' Gemini'],
      usage: CHANNELS[kind].usage,
    });
    const channelId = await addChannel(m.gw, {
      type: CHANNELS[kind].type,
      key: `key-${kind}`,
      baseUrl: m.upstream.url,
      models: [MODEL],
    });
    const token = await addToken(m.gw, m.userId, { remainQuota: 100_000 });
    return { channelId, token };
  }

  async function expectCharged(channelId: number, tokenId: number, stream: boolean) {
    const other = await expectSingleCharge(m, {
      startQuota: START,
      tokenStart: 100_000,
      channelId,
      tokenId,
      quota: QUOTA,
      prompt: 100,
      completion: 20,
      stream,
    });
    expect(other.cache_tokens).toBe(40);
  }

  function expectUpstreamCall(kind: ChannelKind, stream: boolean) {
    const seen = m.upstream.requests.last()!;
    expect(seen.route).toBe(CHANNELS[kind].route);
    if (kind === 'gemini') {
      expect(seen.path).toBe(
        `/v1beta/models/${MODEL}:${stream ? 'streamGenerateContent' : 'generateContent'}`,
      );
      expect(seen.query).toEqual(stream ? { alt: 'sse' } : {});
      expect(seen.headers['x-goog-api-key']).toBe('key-gemini');
      expect(seen.headers.authorization).toBeUndefined();
    } else {
      expect(seen.headers.authorization).toBe('Bearer key-openai');
      expect(seen.query).toEqual({});
    }
  }

  describe.each(['openai', 'gemini'] as const)('through a %s channel', (kind) => {
    it('serves the OpenAI SDK without streaming', async () => {
      const { channelId, token } = await setup(kind);
      const res = await openai(token.apiKey).chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 50,
      });
      expect(res.choices[0]!.message.content).toBe('Hello from Gemini');
      expect(res.choices[0]!.finish_reason).toBe('stop');
      expect(res.usage).toMatchObject({
        prompt_tokens: 100,
        completion_tokens: 20,
        prompt_tokens_details: { cached_tokens: 40 },
      });
      expectUpstreamCall(kind, false);
      await expectCharged(channelId, token.id, false);
    });

    it('serves the OpenAI SDK streaming, with the usage chunk it asked for', async () => {
      const { channelId, token } = await setup(kind);
      const stream = await openai(token.apiKey).chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let finish: string | null = null;
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        if (chunk.usage) usage = chunk.usage;
      }
      expect([text, finish]).toEqual(['Hello from Gemini', 'stop']);
      expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
      expectUpstreamCall(kind, true);
      await expectCharged(channelId, token.id, true);
    });

    it('serves the Anthropic SDK without streaming and streaming', async () => {
      const { channelId, token } = await setup(kind);
      const client = anthropic(token.apiKey);
      const message = await client.messages.create({
        model: MODEL,
        max_tokens: 50,
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Hello from Gemini' })]);
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage).toMatchObject({
        input_tokens: 60,
        output_tokens: 20,
        cache_read_input_tokens: 40,
      });
      expectUpstreamCall(kind, false);
      await expectCharged(channelId, token.id, false);

      const stream = client.messages.stream({
        model: MODEL,
        max_tokens: 50,
        messages: [{ role: 'user', content: 'hi' }],
      });
      const deltas: string[] = [];
      stream.on('text', (t) => deltas.push(t));
      const streamed = await stream.finalMessage();
      expect(deltas.join('')).toBe('Hello from Gemini');
      expect(streamed.usage).toMatchObject({
        input_tokens: 60,
        output_tokens: 20,
        cache_read_input_tokens: 40,
      });
      expectUpstreamCall(kind, true);
      const b = await balances(m.gw, m.userId, token.id);
      expect(b.user.used_quota).toBe(2 * QUOTA);
    });

    it('serves the Google SDK without streaming', async () => {
      const { channelId, token } = await setup(kind);
      const res = await google(token.apiKey).models.generateContent({
        model: MODEL,
        contents: 'hi',
        config: { maxOutputTokens: 50, systemInstruction: 'be brief' },
      });
      expect(res.text).toBe('Hello from Gemini');
      expect(res.candidates![0]!.finishReason).toBe('STOP');
      expect(res.usageMetadata).toMatchObject(
        kind === 'gemini'
          ? {
              promptTokenCount: 100,
              candidatesTokenCount: 15,
              thoughtsTokenCount: 5,
              cachedContentTokenCount: 40,
            }
          : { promptTokenCount: 100, candidatesTokenCount: 20, cachedContentTokenCount: 40 },
      );
      expectUpstreamCall(kind, false);
      const sent = m.upstream.requests.last()!.body as Record<string, unknown>;
      if (kind === 'openai') {
        expect(sent).toEqual({
          model: MODEL,
          messages: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: 'hi' },
          ],
          max_tokens: 50,
          ...(sent.stream_options ? { stream_options: sent.stream_options } : {}),
        });
      } else {
        // Gemini → Gemini: the client's bytes, unchanged.
        expect(sent).toEqual({
          contents: [{ parts: [{ text: 'hi' }], role: 'user' }],
          systemInstruction: { parts: [{ text: 'be brief' }], role: 'user' },
          generationConfig: { maxOutputTokens: 50 },
        });
      }
      await expectCharged(channelId, token.id, false);
    });

    it('serves the Google SDK streaming', async () => {
      const { channelId, token } = await setup(kind);
      const stream = await google(token.apiKey).models.generateContentStream({
        model: MODEL,
        contents: 'hi',
      });
      const texts: string[] = [];
      let last: { finishReason?: string; usage?: unknown } = {};
      for await (const chunk of stream) {
        texts.push(chunk.text ?? '');
        if (chunk.candidates?.[0]?.finishReason)
          last = { ...last, finishReason: chunk.candidates[0].finishReason };
        if (chunk.usageMetadata) last = { ...last, usage: chunk.usageMetadata };
      }
      expect(texts.join('')).toBe('Hello from Gemini');
      expect(last.finishReason).toBe('STOP');
      expect(last.usage).toMatchObject(
        kind === 'gemini'
          ? {
              promptTokenCount: 100,
              candidatesTokenCount: 15,
              thoughtsTokenCount: 5,
              cachedContentTokenCount: 40,
            }
          : { promptTokenCount: 100, candidatesTokenCount: 20, cachedContentTokenCount: 40 },
      );
      expectUpstreamCall(kind, true);
      await expectCharged(channelId, token.id, true);
    });
  });

  it('takes the key from ?key= as well, and never forwards it', async () => {
    const { channelId, token } = await setup('openai');
    const res = await fetch(`${m.gw.url}/v1beta/models/${MODEL}:generateContent?key=${token.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(res.status).toBe(200);
    const seen = m.upstream.requests.last()!;
    expect(seen.query).toEqual({});
    expect(JSON.stringify(seen.headers)).not.toContain(token.apiKey.replace(/^sk-/, ''));
    await expectCharged(channelId, token.id, false);
  });

  it('lists the models the key may use, and counts tokens locally for free', async () => {
    const { token } = await setup('gemini');
    const client = google(token.apiKey);
    const pager = await client.models.list();
    const names: string[] = [];
    for await (const model of pager) names.push(model.name ?? '');
    expect(names).toEqual([`models/${MODEL}`]);
    expect(await client.models.get({ model: MODEL })).toMatchObject({
      name: `models/${MODEL}`,
      displayName: MODEL,
      // The SDK's name for supportedGenerationMethods.
      supportedActions: [
        'generateContent',
        'streamGenerateContent',
        'countTokens',
        'embedContent',
        'batchEmbedContents',
      ],
    });
    const missing = await client.models.get({ model: 'nope' }).catch((e: unknown) => e);
    expect((missing as { status?: number }).status).toBe(404);
    const count = await client.models.countTokens({ model: MODEL, contents: 'hello world' });
    // "hello world" is 2 tokens, plus 2 for the turn.
    expect(count.totalTokens).toBe(4);
    expect(m.upstream.requests.length).toBe(0);
    expect((await balances(m.gw, m.userId, token.id)).user.used_quota).toBe(0);
  });

  it('reads nothing from SQL on the /v1beta hot path once caches are warm', async () => {
    const { token } = await setup('gemini');
    await addChannel(m.gw, { type: 1, key: 'key-openai', baseUrl: m.upstream.url, models: [MODEL] });
    m.upstream.scenario('key-openai', { usage: CHANNELS.openai.usage });
    const client = google(token.apiKey);
    const ask = async (stream: boolean) => {
      if (!stream) return void (await client.models.generateContent({ model: MODEL, contents: 'x' }));
      for await (const _ of await client.models.generateContentStream({ model: MODEL, contents: 'x' }))
        void _;
    };
    await ask(false); // warms the token, user and balance caches
    const reads = queryStats.reads;
    await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i % 2 === 0)));
    expect(queryStats.reads - reads).toBe(0);
    expect(m.upstream.requests.length).toBe(11);
  });

  it('tests a Gemini channel from the console with a real generateContent call', async () => {
    const { channelId } = await setup('gemini');
    const res = await m.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(res.body.success, res.body.message).toBe(true);
    const seen = m.upstream.requests.last()!;
    expect(seen.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(seen.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generationConfig: { maxOutputTokens: 10 },
    });
  });
});
