import { describe, expect, it } from 'vitest';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';
import { upstreamBody } from './request-body.js';

const inbound = (body: Record<string, unknown>, over: Partial<InboundRequest> = {}): InboundRequest => ({
  mode: 'chat',
  path: '/v1/chat/completions',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: String(body.model),
  stream: body.stream === true,
  clientWantsUsage: (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true,
  ...over,
});
const target = (
  over: Partial<UpstreamTarget> = {},
  channel: Partial<RuntimeChannel> = {},
): UpstreamTarget => ({
  channel: { paramOverride: null, ...channel } as RuntimeChannel,
  upstreamModel: 'gpt-4o',
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
  ...over,
});
const json = (b: string | Buffer) => JSON.parse(b.toString()) as Record<string, unknown>;

describe('the upstream request body', () => {
  it('forwards the client bytes when nothing changes', () => {
    const req = inbound({ model: 'gpt-4o', messages: [] });
    expect(upstreamBody(req, target())).toBe(req.raw);
  });

  it('rewrites the model when mapped and applies parameter overrides', () => {
    const req = inbound({ model: 'alias', messages: [], temperature: 1 });
    const out = json(
      upstreamBody(req, target({ upstreamModel: 'real' }, { paramOverride: { temperature: 0 } })),
    );
    expect(out).toMatchObject({ model: 'real', temperature: 0 });
  });

  it('asks for stream usage when forced, and drops stream_options when not streaming', () => {
    const streaming = inbound({ model: 'gpt-4o', messages: [], stream: true });
    expect(json(upstreamBody(streaming, target({ includeUsage: true })))).toMatchObject({
      stream_options: { include_usage: true },
    });
    const plain = inbound({ model: 'gpt-4o', messages: [], stream_options: { include_usage: true } });
    expect(json(upstreamBody(plain, target()))).not.toHaveProperty('stream_options');
  });

  it('adapts o-series requests', () => {
    const req = inbound({
      model: 'o3-mini-high',
      max_tokens: 100,
      temperature: 0.5,
      messages: [{ role: 'system', content: 's' }],
    });
    const out = json(upstreamBody(req, target({ upstreamModel: 'o3-mini-high' })));
    expect(out).toMatchObject({ model: 'o3-mini', reasoning_effort: 'high', max_completion_tokens: 100 });
    expect(out).not.toHaveProperty('temperature');
    expect(out).not.toHaveProperty('max_tokens');
    expect((out.messages as Array<{ role: string }>)[0]!.role).toBe('developer');
  });
});
