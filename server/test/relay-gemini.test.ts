import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { balances } from '@gateway/test-support';
import { MODEL, QUOTA, useGeminiMatrix } from './support/gemini-matrix.js';

/**
 * {OpenAI SDK, Anthropic SDK, Google SDK} × {OpenAI channel, Gemini channel} × {stream,
 * non-stream}: the answer each client sees, the usage it is told, and the exact quota charged.
 * Prices: gem-m ratio 2, completion ratio 3, cache ratio 0.5. The rest of /v1beta (keys in the
 * query, the model list, token counts, the hot path, the console test): relay-gemini-v1beta.test.ts.
 */
describe('Gemini clients and Gemini channels: the client × channel matrix', () => {
  const { m, openai, anthropic, google, setup, expectCharged, expectUpstreamCall } = useGeminiMatrix();

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
});
