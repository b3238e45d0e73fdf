import { describe, expect, it } from 'vitest';
import {
  geminiBatchToOpenAIEmbeddings,
  geminiEmbedBodyFor,
  geminiEmbedTexts,
  geminiEmbedToOpenAIEmbeddings,
  isValidGeminiEmbedBody,
  openAIEmbeddingsToGemini,
  openAIEmbeddingsToGeminiBatch,
} from './embeddings.js';

const single = { content: { parts: [{ text: 'a' }, { text: 'b' }] }, outputDimensionality: 3 };
const batch = {
  requests: [
    { model: 'models/client', content: { parts: [{ text: 'x' }] } },
    { model: 'models/client', content: { parts: [{ text: 'y' }] }, outputDimensionality: 2 },
  ],
};

describe('Gemini embedding bodies', () => {
  it('reads one text per content, parts on separate lines', () => {
    expect(geminiEmbedTexts(single, false)).toEqual(['a\nb']);
    expect(geminiEmbedTexts(batch, true)).toEqual(['x', 'y']);
  });

  it('wants text in every content', () => {
    expect(isValidGeminiEmbedBody(single, false)).toBe(true);
    expect(isValidGeminiEmbedBody({ content: { parts: [] } }, false)).toBe(false);
    expect(isValidGeminiEmbedBody({ requests: [] }, true)).toBe(false);
    expect(isValidGeminiEmbedBody({ requests: [{ content: {} }] }, true)).toBe(false);
  });

  it('names the upstream model in every batch request (model mapping)', () => {
    const out = geminiEmbedBodyFor(batch, true, 'text-embedding-004') as typeof batch;
    expect(out.requests.map((r) => r.model)).toEqual([
      'models/text-embedding-004',
      'models/text-embedding-004',
    ]);
    // A single call without a model keeps the client's body object (its bytes are sent as is).
    expect(geminiEmbedBodyFor(single, false, 'm')).toBe(single);
  });
});

describe('OpenAI embeddings → Gemini', () => {
  it('sends every input as its own request (not only the first)', () => {
    expect(openAIEmbeddingsToGeminiBatch({ input: ['p', 'q'], dimensions: 4 }, 'm')).toEqual({
      requests: [
        { model: 'models/m', content: { parts: [{ text: 'p' }] }, outputDimensionality: 4 },
        { model: 'models/m', content: { parts: [{ text: 'q' }] }, outputDimensionality: 4 },
      ],
    });
    expect(openAIEmbeddingsToGeminiBatch({ input: 'p' }, 'm')).toEqual({
      requests: [{ model: 'models/m', content: { parts: [{ text: 'p' }] } }],
    });
  });

  it('answers floats, or little-endian float32 base64 when asked', () => {
    const json = { embeddings: [{ values: [0.5, -1] }, { values: [0.25] }] };
    expect(geminiBatchToOpenAIEmbeddings(json, 'client', undefined)).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.5, -1] },
        { object: 'embedding', index: 1, embedding: [0.25] },
      ],
      model: 'client',
    });
    const b64 = geminiBatchToOpenAIEmbeddings(json, 'client', 'base64') as {
      data: Array<{ embedding: string }>;
    };
    const bytes = Buffer.from(b64.data[0]!.embedding, 'base64');
    expect([bytes.readFloatLE(0), bytes.readFloatLE(4)]).toEqual([0.5, -1]);
  });
});

describe('Gemini embeddings → OpenAI-compatible upstreams', () => {
  it('asks for floats, one input per content, the first dimensionality given', () => {
    expect(geminiEmbedToOpenAIEmbeddings(batch, true, 'up')).toEqual({
      model: 'up',
      input: ['x', 'y'],
      encoding_format: 'float',
      dimensions: 2,
    });
    expect(geminiEmbedToOpenAIEmbeddings(single, false, 'up')).toMatchObject({
      input: ['a\nb'],
      dimensions: 3,
    });
  });

  it('answers in index order, as embedding or embeddings', () => {
    const json = {
      data: [
        { index: 1, embedding: [2] },
        { index: 0, embedding: [1] },
      ],
    };
    expect(openAIEmbeddingsToGemini(json, true)).toEqual({ embeddings: [{ values: [1] }, { values: [2] }] });
    expect(openAIEmbeddingsToGemini(json, false)).toEqual({ embedding: { values: [1] } });
  });
});
