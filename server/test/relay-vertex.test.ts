import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { channelUsedQuota } from '@gateway/test-support';
import {
  CLAUDE,
  CLAUDE_QUOTA,
  CLAUDE_USAGE,
  GEMINI,
  GEMINI_QUOTA,
  GEMINI_USAGE,
  LLAMA,
  useVertex,
} from './support/vertex.js';

/**
 * Vertex AI channels (type 41) serving models: Google's in Gemini's format, Anthropic's through
 * rawPredict, Llama through the OpenAI-compatible endpoint, to each SDK, streamed and not, billed
 * exactly. Prices: ratio 2, completion ratio 3, cache ratio 0.5 (cache writes 1.25). The OAuth
 * token exchange, errors and the console test: relay-vertex-auth.test.ts.
 */
describe('Vertex AI channels', () => {
  const h = useVertex();

  it("serves Claude to the Anthropic SDK through rawPredict with vertex's body and exact usage", async () => {
    const { id, email } = await h.vertexChannel({ content: 'Claude on Vertex', usage: CLAUDE_USAGE });
    const message = await h.anthropic().messages.create({
      model: CLAUDE,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'Claude on Vertex' }]);
    expect(message.usage).toMatchObject({ input_tokens: 100, cache_read_input_tokens: 40 });
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('vertex.anthropic');
    expect(seen.path).toBe(
      '/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet-v2@20241022:rawPredict',
    );
    expect(seen.key).toBe(email);
    expect(String(seen.headers.authorization)).toMatch(/^Bearer ya29\./);
    expect(seen.headers['x-api-key']).toBeUndefined();
    expect(seen.body).toEqual({
      anthropic_version: 'vertex-2023-10-16',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
      stream: false,
    });
    await h.expectCharged(id, CLAUDE_QUOTA, false);
  });

  it("serves Llama to the OpenAI SDK through Vertex's OpenAI-compatible endpoint with the OAuth token", async () => {
    const { id, email } = await h.vertexChannel({
      content: 'Llama on Vertex',
      usage: { prompt: 100, completion: 20 },
    });
    const res = await h.openai().chat.completions.create({
      model: LLAMA,
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 32,
    });
    expect(res.choices[0]!.message.content).toBe('Llama on Vertex');
    expect(res.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('vertex.openapi');
    expect(seen.path).toBe('/v1beta1/projects/proj-1/locations/us-east5/endpoints/openapi/chat/completions');
    expect(seen.key).toBe(email);
    expect(String(seen.headers.authorization)).toMatch(/^Bearer ya29\./);
    expect(seen.body).toMatchObject({ model: LLAMA, max_tokens: 32 });
    await h.expectCharged(id, (100 + 20 * 3) * 2, false);
  });

  it('streams Llama to the Anthropic SDK through the hub, billed exactly', async () => {
    const { id } = await h.vertexChannel({ chunks: ['Lla', 'ma'], usage: { prompt: 100, completion: 20 } });
    const message = await h
      .anthropic()
      .messages.stream({ model: LLAMA, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Llama' })]);
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('vertex.openapi');
    expect(seen.body).toMatchObject({ model: LLAMA, stream: true, stream_options: { include_usage: true } });
    await h.expectCharged(id, (100 + 20 * 3) * 2, true);
  });

  it('streams Claude to the Anthropic SDK through streamRawPredict, billed exactly', async () => {
    const { id } = await h.vertexChannel({ chunks: ['Str', 'eam'], usage: CLAUDE_USAGE });
    const message = await h
      .anthropic()
      .messages.stream({ model: CLAUDE, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Stream' })]);
    expect(h.upstream.requests.last()!.path).toMatch(/:streamRawPredict$/);
    await h.expectCharged(id, CLAUDE_QUOTA, true);
  });

  it('streams Gemini to the OpenAI SDK through the hub, billed exactly', async () => {
    const { id } = await h.vertexChannel({ chunks: ['Gemini', ' on', ' Vertex'], usage: GEMINI_USAGE });
    const stream = await h.openai().chat.completions.create({
      model: GEMINI,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('Gemini on Vertex');
    expect(usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 20 });
    const seen = h.upstream.requests.last()!;
    expect(seen.route).toBe('vertex.google');
    expect(seen.path).toBe(
      '/v1/projects/proj-1/locations/us-east5/publishers/google/models/gemini-2.0-flash:streamGenerateContent',
    );
    expect(seen.query).toEqual({ alt: 'sse' });
    await h.expectCharged(id, GEMINI_QUOTA, true);
  });

  it('serves Gemini to the Google SDK and Claude to the OpenAI SDK on one channel, by model', async () => {
    const { id } = await h.vertexChannel(
      { content: 'same channel', usage: GEMINI_USAGE },
      '{"default":"us-east5","gemini-2.0-flash":"global"}',
    );
    const res = await h.google().models.generateContent({ model: GEMINI, contents: 'hi' });
    expect(res.text).toBe('same channel');
    expect(h.upstream.requests.last()!.path).toBe(
      '/v1/projects/proj-1/locations/global/publishers/google/models/gemini-2.0-flash:generateContent',
    );
    const chat = await h.openai().chat.completions.create({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(chat.choices[0]!.message.content).toBe('same channel');
    expect(h.upstream.requests.last()!.route).toBe('vertex.anthropic');
    expect(h.upstream.requests.last()!.path).toContain('/locations/us-east5/');
    expect(await channelUsedQuota(h.gw, id)).toBeGreaterThan(0);
  });
});
