import { describe, expect, it } from 'vitest';
import { jsonOf, testInbound, testTarget } from '../test-fixtures.js';
import type { CompletedExchange, FollowUp, UpstreamRequest } from '../types.js';
import { bedrockAdapter } from './adapter.js';

const KEY = 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|eu-west-1';
const MODEL = 'amazon.titan-embed-text-v2:0';
const target = testTarget(33, MODEL, { key: KEY, baseUrl: '' });
const json = (body: unknown, status = 200): CompletedExchange => ({
  status,
  body: Buffer.from(JSON.stringify(body)),
  headers: {},
  contentType: 'application/json',
});

/** Answers each request with the next of `answers`, recording what was asked. */
function scripted(answers: CompletedExchange[]): FollowUp & { sent: UpstreamRequest[] } {
  const sent: UpstreamRequest[] = [];
  return {
    sent,
    signal: new AbortController().signal,
    send: (request) => {
      sent.push(request);
      return Promise.resolve(answers.shift()!);
    },
  };
}

describe('Bedrock Titan embeddings', () => {
  it('invokes the Titan model for the first input, signed, with dimensions and normalize', async () => {
    const inbound = testInbound('embeddings', {
      model: 'emb',
      input: ['alpha', 'beta'],
      dimensions: 256,
      normalize: false,
      encoding_format: 'float',
    });
    const req = await bedrockAdapter.buildRequest(inbound, target);
    expect(req.url).toBe(
      'https://bedrock-runtime.eu-west-1.amazonaws.com/model/amazon.titan-embed-text-v2%3A0/invoke',
    );
    expect(jsonOf(req.body as string)).toEqual({ inputText: 'alpha', dimensions: 256, normalize: false });
    expect(req.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/bedrock\//,
    );
  });

  it('sends only inputText when the client asks for nothing else', async () => {
    const req = await bedrockAdapter.buildRequest(
      testInbound('embeddings', { model: 'e', input: 'hi' }),
      target,
    );
    expect(jsonOf(req.body as string)).toEqual({ inputText: 'hi' });
  });

  it('refuses token arrays with a 400 (Titan takes text only)', async () => {
    await expect(
      bedrockAdapter.buildRequest(testInbound('embeddings', { model: 'e', input: [[1, 2, 3]] }), target),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('embeds the further inputs one call each and answers them in order, usage summed', async () => {
    const inbound = testInbound('embeddings', {
      model: 'emb',
      input: ['a', 'b', 'c'],
      encoding_format: 'float',
    });
    const followUp = scripted([
      json({ embedding: [0.5, 0.25], inputTextTokenCount: 4 }),
      json({ embedding: [0.125, 1], inputTextTokenCount: 5 }),
    ]);
    const first = Buffer.from(JSON.stringify({ embedding: [1, 0], inputTextTokenCount: 3 }));
    const done = await bedrockAdapter.complete!(first, inbound, target, followUp);
    expect(followUp.sent.map((r) => jsonOf(r.body as string))).toEqual([
      { inputText: 'b' },
      { inputText: 'c' },
    ]);
    expect(followUp.sent[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    const parsed = bedrockAdapter.parseResponse(inbound, done.body, done.contentType, target);
    expect(parsed.usage).toEqual({ promptTokens: 12, completionTokens: 0 });
    expect(jsonOf(parsed.body)).toEqual({
      object: 'list',
      model: 'emb',
      data: [
        { object: 'embedding', index: 0, embedding: [1, 0] },
        { object: 'embedding', index: 1, embedding: [0.5, 0.25] },
        { object: 'embedding', index: 2, embedding: [0.125, 1] },
      ],
      usage: { prompt_tokens: 12, total_tokens: 12 },
    });
  });

  it('stops at the first failed call and hands its error on', async () => {
    const inbound = testInbound('embeddings', { model: 'emb', input: ['a', 'b', 'c'] });
    const throttled = json({ message: 'Too many requests' }, 429);
    const followUp = scripted([throttled]);
    const first = Buffer.from(JSON.stringify({ embedding: [1], inputTextTokenCount: 1 }));
    const done = await bedrockAdapter.complete!(first, inbound, target, followUp);
    expect(done.status).toBe(429);
    expect(followUp.sent).toHaveLength(1);
  });

  it('answers base64 when asked, and counts locally when a call reports no token count', () => {
    const inbound = testInbound('embeddings', { model: 'emb', input: 'x', encoding_format: 'base64' });
    const parsed = bedrockAdapter.parseResponse(
      inbound,
      Buffer.from(JSON.stringify([{ embedding: [0.5, -1] }])),
      'application/json',
      target,
    );
    expect(parsed.usage).toBeNull();
    const data = jsonOf(parsed.body).data as { embedding: string }[];
    const bytes = Buffer.from(data[0]!.embedding, 'base64');
    expect([...new Float32Array(bytes.buffer, bytes.byteOffset, 2)]).toEqual([0.5, -1]);
  });

  it('reports an answer without an embedding as an upstream error', () => {
    const inbound = testInbound('embeddings', { model: 'emb', input: 'x' });
    const parsed = bedrockAdapter.parseResponse(
      inbound,
      Buffer.from('{"message":"?"}'),
      'application/json',
      target,
    );
    expect(parsed.error).toMatchObject({ code: 'bad_response_body' });
  });

  it('leaves Claude answers untouched in the complete step', async () => {
    const first = Buffer.from('{"type":"message"}');
    const inbound = testInbound('messages', { model: 'claude-3-haiku-20240307', messages: [] });
    const done = await bedrockAdapter.complete!(first, inbound, target, scripted([]));
    expect(done).toMatchObject({ status: 200, body: first });
  });
});
