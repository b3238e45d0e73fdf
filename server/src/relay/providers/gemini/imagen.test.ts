import { describe, expect, it } from 'vitest';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';
import { imagenRequest, parseImagenAnswer } from './imagen.js';

const inbound = (body: Record<string, unknown>): InboundRequest => ({
  mode: 'images',
  path: '/v1/images/generations',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: 'imagen-3.0-generate-002',
  stream: false,
  clientWantsUsage: false,
});

const target: UpstreamTarget = {
  channel: {
    type: 24,
    key: 'AIza-key',
    baseUrl: 'http://up',
    headers: {},
    paramOverride: null,
  } as unknown as RuntimeChannel,
  upstreamModel: 'imagen-3.0-generate-002',
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
  gemini: { versions: { default: 'v1beta' }, safety: {}, thinkingAdapter: false, thinkingBudgetShare: 0.6 },
};

describe('Imagen', () => {
  it('sends the prompt, the count and the aspect ratio of the size to :predict', () => {
    const req = imagenRequest(inbound({ prompt: 'p', n: 3, size: '1024x1792' }), target);
    expect(req.url).toBe('http://up/v1beta/models/imagen-3.0-generate-002:predict');
    expect(req.headers['x-goog-api-key']).toBe('AIza-key');
    expect(JSON.parse(String(req.body))).toEqual({
      instances: [{ prompt: 'p' }],
      parameters: { sampleCount: 3, aspectRatio: '9:16' },
    });
  });

  it('asks for one square image by default', () => {
    const body = JSON.parse(String(imagenRequest(inbound({ prompt: 'p' }), target).body)) as {
      parameters: unknown;
    };
    expect(body.parameters).toEqual({ sampleCount: 1, aspectRatio: '1:1' });
  });

  it('answers base64 images, leaving out predictions filtered without bytes', () => {
    const parsed = parseImagenAnswer({
      predictions: [{ bytesBase64Encoded: 'AAA=', mimeType: 'image/png' }, { raiFilteredReason: 'filtered' }],
    });
    const out = JSON.parse(parsed.body.toString('utf8')) as { created: number; data: unknown[] };
    expect(out.data).toEqual([{ b64_json: 'AAA=' }]);
    expect(out.created).toBeGreaterThan(0);
    expect(parsed.usage).toBeNull();
  });
});
