import { describe, expect, it } from 'vitest';
import { vertexRegion, vertexHost } from './region.js';
import { vertexClaudeBody, vertexClaudeModel } from './request.js';
import { parseServiceAccount } from './access-token.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';

describe('Vertex AI addresses', () => {
  it('reads the region from other: a name, or a model map with a default', () => {
    expect(vertexRegion('europe-west4', 'gemini-2.0-flash')).toBe('europe-west4');
    const map = '{"default":"us-east5","gemini-2.0-flash":"global"}';
    expect(vertexRegion(map, 'gemini-2.0-flash')).toBe('global');
    expect(vertexRegion(map, 'claude-x')).toBe('us-east5');
    expect(vertexRegion('', 'm')).toBe('us-central1');
  });

  it('uses the regional host, and the bare host for global', () => {
    expect(vertexHost('us-east5')).toBe('https://us-east5-aiplatform.googleapis.com');
    expect(vertexHost('global')).toBe('https://aiplatform.googleapis.com');
  });

  it("names Claude models <name>@<date>, 3.5 Sonnet's second release -v2", () => {
    expect(vertexClaudeModel('claude-3-5-sonnet-20241022')).toBe('claude-3-5-sonnet-v2@20241022');
    expect(vertexClaudeModel('claude-sonnet-4-20250514')).toBe('claude-sonnet-4@20250514');
    expect(vertexClaudeModel('claude-3-haiku@20240307')).toBe('claude-3-haiku@20240307');
    expect(vertexClaudeModel('claude-latest')).toBe('claude-latest');
  });
});

describe('Vertex AI bodies and keys', () => {
  it("sends Anthropic's body with vertex's anthropic_version and without model", () => {
    const body = { model: 'claude-x', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] };
    const inbound = {
      mode: 'messages',
      body,
      raw: Buffer.from(JSON.stringify(body)),
      model: 'claude-x',
      stream: true,
    } as unknown as InboundRequest;
    const target = {
      channel: { type: 41, key: '', headers: {}, paramOverride: null } as unknown as RuntimeChannel,
      upstreamModel: 'claude-x',
      passThrough: true,
    } as UpstreamTarget;
    expect(JSON.parse(vertexClaudeBody(inbound, target))).toEqual({
      anthropic_version: 'vertex-2023-10-16',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
  });

  it('needs a service-account JSON with project, email and private key', () => {
    expect(() => parseServiceAccount('AIza-not-json')).toThrow('服务账号 JSON');
    expect(() => parseServiceAccount('{"project_id":"p"}')).toThrow('client_email');
    expect(
      parseServiceAccount(
        '{"project_id":"p","client_email":"a@p.iam","private_key":"k","token_uri":"http://t/token"}',
      ),
    ).toMatchObject({ projectId: 'p', clientEmail: 'a@p.iam', tokenUri: 'http://t/token' });
    expect(parseServiceAccount('{"project_id":"p","client_email":"a","private_key":"k"}').tokenUri).toBe(
      'https://oauth2.googleapis.com/token',
    );
  });
});
