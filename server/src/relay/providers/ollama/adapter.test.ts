import { describe, expect, it } from 'vitest';
import { jsonOf, testInbound, testTarget } from '../test-fixtures.js';
import { ollamaAdapter } from './adapter.js';

describe('Ollama', () => {
  const target = testTarget(4, 'nomic-embed-text', { key: '' });

  it('sends embeddings to the native /api/embed, without a key when the channel has none', async () => {
    const inbound = testInbound('embeddings', { model: 'emb', input: ['a', 'b'], encoding_format: 'float' });
    const req = await ollamaAdapter.buildRequest(inbound, target);
    expect(req.url).toBe('http://up/api/embed');
    expect(req.headers.authorization).toBeUndefined();
    expect(jsonOf(req.body as string)).toEqual({ model: 'nomic-embed-text', input: ['a', 'b'] });
  });

  it('keeps chat on the OpenAI-compatible /v1/chat/completions', async () => {
    const inbound = testInbound('chat', { model: 'llama3', messages: [{ role: 'user', content: 'hi' }] });
    const req = await ollamaAdapter.buildRequest(inbound, testTarget(4, 'llama3', { key: 'k' }));
    expect(req.url).toBe('http://up/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer k');
  });

  it('answers in the OpenAI shape with prompt_eval_count as the prompt tokens, floats or base64', () => {
    const answer = Buffer.from(
      JSON.stringify({
        model: 'x',
        embeddings: [
          [0.5, -1],
          [0.25, 2],
        ],
        prompt_eval_count: 7,
      }),
    );
    const floats = ollamaAdapter.parseResponse(
      testInbound('embeddings', { model: 'emb', input: ['a', 'b'] }),
      answer,
      'application/json',
      target,
    );
    expect(floats.usage).toEqual({ promptTokens: 7, completionTokens: 0 });
    expect(jsonOf(floats.body)).toEqual({
      object: 'list',
      model: 'emb',
      data: [
        { object: 'embedding', index: 0, embedding: [0.5, -1] },
        { object: 'embedding', index: 1, embedding: [0.25, 2] },
      ],
      usage: { prompt_tokens: 7, total_tokens: 7 },
    });
    const b64 = ollamaAdapter.parseResponse(
      testInbound('embeddings', { model: 'emb', input: 'a', encoding_format: 'base64' }),
      answer,
      'application/json',
      target,
    );
    const first = (jsonOf(b64.body).data as Array<{ embedding: string }>)[0]!.embedding;
    expect([...new Float32Array(new Uint8Array(Buffer.from(first, 'base64')).buffer)]).toEqual([0.5, -1]);
  });

  it('reads its {"error": "..."} bodies', () => {
    expect(ollamaAdapter.parseError(404, Buffer.from('{"error":"model \\"x\\" not found"}'))).toMatchObject({
      message: 'model "x" not found',
    });
  });
});
