import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel, addToken, expectSingleCharge, relayMatrix } from '@gateway/test-support';
import { queryStats } from '../src/platform/db/query-stats.js';

/**
 * {OpenAI SDK, Anthropic SDK} × {OpenAI channel, Claude channel} × {stream, non-stream}: the
 * answer each client sees, the usage it is told, and the exact quota charged. Prices: claude-m
 * ratio 2, completion ratio 3, cache ratio 0.5 (cache writes 1.25).
 */
describe('Anthropic Messages and Claude channels: the client × channel matrix', () => {
  const START = 1_000_000;
  const MODEL = 'claude-m';
  const m = relayMatrix({
    options: {
      ModelRatio: JSON.stringify({ [MODEL]: 2 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 3 }),
      CacheRatio: JSON.stringify({ [MODEL]: 0.5 }),
      RetryTimes: '0',
    },
    startQuota: START,
    userPrefix: 'matrix',
  });

  const openai = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
  const anthropic = (apiKey: string) => new Anthropic({ apiKey, baseURL: m.gw.url, maxRetries: 0 });

  /**
   * The same upstream numbers on both channel kinds. OpenAI's prompt_tokens (100) includes its 40
   * cached tokens; Anthropic's input_tokens (100) excludes its 40 cache reads and 10 cache writes.
   */
  const CHANNELS = {
    openai: {
      type: 1,
      usage: { prompt: 100, completion: 20, cached: 40 },
      quota: (60 + 40 * 0.5 + 20 * 3) * 2, // 280
      billed: { prompt: 100, completion: 20 },
    },
    claude: {
      type: 14,
      usage: { prompt: 100, completion: 20, cached: 40, cacheCreation: 10 },
      quota: (100 + 40 * 0.5 + 10 * 1.25 + 20 * 3) * 2, // 385
      billed: { prompt: 150, completion: 20 },
    },
  } as const;

  type ChannelKind = keyof typeof CHANNELS;

  async function setup(kind: ChannelKind) {
    m.upstream.scenario(`key-${kind}`, {
      chunks: ['Hello', ' from', ' the matrix'],
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

  async function expectCharged(kind: ChannelKind, channelId: number, tokenId: number, stream: boolean) {
    const { quota, billed } = CHANNELS[kind];
    const other = await expectSingleCharge(m, {
      startQuota: START,
      tokenStart: 100_000,
      channelId,
      tokenId,
      quota,
      prompt: billed.prompt,
      completion: billed.completion,
      stream,
    });
    expect(other.cache_tokens).toBe(40);
    expect(other.cache_creation_tokens).toBe(kind === 'claude' ? 10 : undefined);
  }

  function expectUpstreamCall(kind: ChannelKind, anthropicVersion: string) {
    const seen = m.upstream.requests.last()!;
    if (kind === 'openai') {
      expect(seen.route).toBe('openai.chat');
      expect(seen.headers.authorization).toBe('Bearer key-openai');
    } else {
      expect(seen.route).toBe('anthropic.messages');
      expect(seen.headers['x-api-key']).toBe('key-claude');
      expect(seen.headers.authorization).toBeUndefined();
      expect(seen.headers['anthropic-version']).toBe(anthropicVersion);
    }
  }

  describe.each(['openai', 'claude'] as const)('through a %s channel', (kind) => {
    it('serves the OpenAI SDK without streaming', async () => {
      const { channelId, token } = await setup(kind);
      const res = await openai(token.apiKey).chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 50,
      });
      expect(res.choices[0]!.message.content).toBe('Hello from the matrix');
      expect(res.choices[0]!.finish_reason).toBe('stop');
      expect(res.usage).toMatchObject({
        prompt_tokens: CHANNELS[kind].billed.prompt,
        completion_tokens: 20,
        prompt_tokens_details: { cached_tokens: 40 },
      });
      expectUpstreamCall(kind, '2023-06-01');
      await expectCharged(kind, channelId, token.id, false);
    });

    it('serves the OpenAI SDK streaming, with the usage chunk it asked for', async () => {
      const { channelId, token } = await setup(kind);
      const stream = await openai(token.apiKey).chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 50,
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
      expect([text, finish]).toEqual(['Hello from the matrix', 'stop']);
      expect(usage).toMatchObject({ prompt_tokens: CHANNELS[kind].billed.prompt, completion_tokens: 20 });
      expectUpstreamCall(kind, '2023-06-01');
      await expectCharged(kind, channelId, token.id, true);
    });

    it('serves the Anthropic SDK without streaming', async () => {
      const { channelId, token } = await setup(kind);
      const message = await anthropic(token.apiKey).messages.create({
        model: MODEL,
        max_tokens: 50,
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(message.type).toBe('message');
      expect(message.content).toEqual([
        expect.objectContaining({ type: 'text', text: 'Hello from the matrix' }),
      ]);
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage).toMatchObject({
        input_tokens: kind === 'claude' ? 100 : 60,
        output_tokens: 20,
        cache_read_input_tokens: 40,
        cache_creation_input_tokens: kind === 'claude' ? 10 : 0,
      });
      expectUpstreamCall(kind, '2026-10-21');
      await expectCharged(kind, channelId, token.id, false);
    });

    it('serves the Anthropic SDK streaming', async () => {
      const { channelId, token } = await setup(kind);
      const stream = anthropic(token.apiKey).messages.stream({
        model: MODEL,
        max_tokens: 50,
        messages: [{ role: 'user', content: 'hi' }],
      });
      const deltas: string[] = [];
      stream.on('text', (t) => deltas.push(t));
      const message = await stream.finalMessage();
      expect(deltas.join('')).toBe('Hello from the matrix');
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage).toMatchObject({
        input_tokens: kind === 'claude' ? 100 : 60,
        output_tokens: 20,
        cache_read_input_tokens: 40,
        cache_creation_input_tokens: kind === 'claude' ? 10 : 0,
      });
      expectUpstreamCall(kind, '2026-10-21');
      await expectCharged(kind, channelId, token.id, true);
    });
  });

  it('reads nothing from SQL on the /v1/messages hot path once caches are warm', async () => {
    const { token } = await setup('claude');
    await addChannel(m.gw, { type: 1, key: 'key-openai', baseUrl: m.upstream.url, models: [MODEL] });
    m.upstream.scenario('key-openai', { usage: CHANNELS.openai.usage });
    const client = anthropic(token.apiKey);
    const ask = (stream: boolean) =>
      stream
        ? client.messages
            .stream({ model: MODEL, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })
            .finalMessage()
        : client.messages.create({
            model: MODEL,
            max_tokens: 10,
            messages: [{ role: 'user', content: 'x' }],
          });
    await ask(false); // warms the token, user and balance caches
    const reads = queryStats.reads;
    await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i % 2 === 0)));
    expect(queryStats.reads - reads).toBe(0);
    expect(m.upstream.requests.length).toBe(11);
  });

  it('tests a Claude channel from the console with a real Messages call', async () => {
    const { channelId } = await setup('claude');
    const res = await m.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(res.body.success, res.body.message).toBe(true);
    const seen = m.upstream.requests.last()!;
    expect(seen.route).toBe('anthropic.messages');
    expect(seen.body).toMatchObject({
      model: MODEL,
      max_tokens: 10,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
  });
});
