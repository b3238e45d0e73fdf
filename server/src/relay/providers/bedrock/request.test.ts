import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';
import { bedrockModelId } from './model-ids.js';
import { bedrockBody, bedrockRequest, bedrockUrl } from './request.js';

const KEY = 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|eu-west-1';

const inbound = (body: Record<string, unknown>, over: Partial<InboundRequest> = {}): InboundRequest => ({
  mode: 'messages',
  path: '/v1/messages',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: String(body.model),
  stream: body.stream === true,
  clientWantsUsage: false,
  ...over,
});

const target = (upstreamModel: string, channel: Partial<RuntimeChannel> = {}): UpstreamTarget => ({
  channel: {
    type: 33,
    key: KEY,
    baseUrl: '',
    headers: {},
    paramOverride: null,
    ...channel,
  } as RuntimeChannel,
  upstreamModel,
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
  claude: {
    modelHeaders: {},
    defaultMaxTokens: { default: 4096 },
    thinkingAdapter: true,
    thinkingBudgetShare: 0.8,
  },
});

describe('Bedrock model ids', () => {
  it('maps Anthropic names to Bedrock ids and keeps ids, profiles and ARNs as they are', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022')).toBe('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrockModelId('claude-3-haiku-20240307')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(bedrockModelId('claude-2.1')).toBe('anthropic.claude-v2:1');
    expect(bedrockModelId('claude-future-20300101')).toBe('anthropic.claude-future-20300101-v1:0');
    expect(bedrockModelId('anthropic.claude-v2')).toBe('anthropic.claude-v2');
    expect(bedrockModelId('us.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe(
      'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
    );
    expect(bedrockModelId('arn:aws:bedrock:us-east-1:1:inference-profile/x')).toBe(
      'arn:aws:bedrock:us-east-1:1:inference-profile/x',
    );
  });
});

describe('Bedrock requests', () => {
  it('invokes the region host, or the channel base URL, with the model id in the path', () => {
    const req = inbound({ model: 'claude-3-haiku-20240307', max_tokens: 5, messages: [] });
    expect(bedrockUrl(req, target('claude-3-haiku-20240307'))).toBe(
      'https://bedrock-runtime.eu-west-1.amazonaws.com/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke',
    );
    const streamed = inbound({ model: 'x', max_tokens: 5, messages: [], stream: true });
    expect(bedrockUrl(streamed, target('claude-3-haiku-20240307', { baseUrl: 'http://fake' }))).toBe(
      'http://fake/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke-with-response-stream',
    );
  });

  it("sends Anthropic's body with bedrock's anthropic_version, without model and stream", () => {
    const req = inbound(
      { model: 'alias', max_tokens: 0, stream: true, messages: [{ role: 'user', content: 'hi' }] },
      { protocolHeaders: { 'anthropic-beta': 'a-1, b-2' } },
    );
    expect(JSON.parse(bedrockBody(req, target('claude-3-haiku-20240307')))).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'hi' }],
      anthropic_beta: ['a-1', 'b-2'],
    });
  });

  it('applies the thinking adapter before naming the model in the URL', () => {
    const req = inbound({ model: 'claude-3-7-sonnet-20250219-thinking', max_tokens: 2000, messages: [] });
    const t = target('claude-3-7-sonnet-20250219-thinking');
    expect(bedrockUrl(req, t)).toContain('/model/anthropic.claude-3-7-sonnet-20250219-v1%3A0/invoke');
    expect(JSON.parse(bedrockBody(req, t))).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 1600 },
    });
  });

  it('signs with SigV4 for service bedrock in the key region, verifiable with the same secret', async () => {
    const req = inbound({ model: 'm', max_tokens: 5, messages: [] });
    const out = await bedrockRequest(
      req,
      target('claude-3-haiku-20240307', { baseUrl: 'http://127.0.0.1:9' }),
    );
    const auth = out.headers.authorization!;
    expect(auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    const d = out.headers['x-amz-date']!;
    const signingDate = new Date(
      `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 11)}:${d.slice(11, 13)}:${d.slice(13)}`,
    );
    const check = new SignatureV4({
      service: 'bedrock',
      region: 'eu-west-1',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
      sha256: Hash.bind(null, 'sha256'),
    });
    const { authorization: _a, 'x-amz-date': _d, 'x-amz-content-sha256': _s, ...headers } = out.headers;
    const url = new URL(out.url);
    const again = await check.sign(
      new HttpRequest({
        method: 'POST',
        hostname: url.hostname,
        port: 9,
        path: url.pathname,
        headers,
        body: out.body,
      }),
      { signingDate },
    );
    expect(again.headers.authorization).toBe(auth);
  });

  it('sends and signs x-amz-security-token for temporary credentials (AK|SK|region|sessionToken)', async () => {
    const req = inbound({ model: 'm', max_tokens: 5, messages: [] });
    const out = await bedrockRequest(
      req,
      target('claude-3-haiku-20240307', { baseUrl: 'http://127.0.0.1:9', key: `${KEY}|FwoGZXIvYXdzEXAMPLE` }),
    );
    expect(out.headers['x-amz-security-token']).toBe('FwoGZXIvYXdzEXAMPLE');
    expect(out.headers.authorization).toContain(
      'SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token,',
    );
    const plain = await bedrockRequest(
      req,
      target('claude-3-haiku-20240307', { baseUrl: 'http://127.0.0.1:9' }),
    );
    expect(plain.headers['x-amz-security-token']).toBeUndefined();
  });

  it('refuses a key that is not AK|SK|region with a gateway error', async () => {
    const req = inbound({ model: 'm', max_tokens: 5, messages: [] });
    for (const key of ['only-one-part', 'a|b|c|d|e', 'a|b|c|']) {
      await expect(bedrockRequest(req, target('m', { key }))).rejects.toMatchObject({
        status: 500,
        code: 'invalid_channel_key',
      });
    }
  });
});
