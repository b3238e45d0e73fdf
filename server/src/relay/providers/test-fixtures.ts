import type { RuntimeChannel } from '../routing/runtime-channel.js';
import type { InboundRequest, RelayMode, UpstreamTarget } from './types.js';

/** A parsed client request for adapter unit tests. */
export function testInbound(
  mode: RelayMode,
  body: Record<string, unknown>,
  over: Partial<InboundRequest> = {},
): InboundRequest {
  return {
    mode,
    path: `/v1/${mode}`,
    query: '',
    body,
    raw: Buffer.from(JSON.stringify(body)),
    contentType: 'application/json',
    model: String(body.model ?? 'm'),
    stream: false,
    clientWantsUsage: false,
    ...over,
  };
}

/** A channel of `type` at http://up for adapter unit tests. */
export function testTarget(
  type: number,
  upstreamModel: string,
  channel: Partial<RuntimeChannel> = {},
): UpstreamTarget {
  return {
    channel: {
      type,
      key: 'sk-test',
      baseUrl: 'http://up',
      other: '',
      headers: {},
      paramOverride: null,
      setting: {},
      ...channel,
    } as RuntimeChannel,
    upstreamModel,
    includeUsage: false,
    passThrough: false,
    azureApiVersion: '',
  };
}

export const jsonOf = (b: string | Buffer | undefined) => JSON.parse(String(b)) as Record<string, unknown>;
