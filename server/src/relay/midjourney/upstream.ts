import type { Relay } from '../relay.js';
import type { RuntimeChannel } from '../routing/runtime-channel.js';
import { readBody } from '../upstream-client.js';
import { MjError } from './errors.js';

export interface ProxyAnswer {
  status: number;
  raw: Buffer;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
}

/** Cap on a proxy's JSON answer: task lists are small; anything bigger is not a proxy talking. */
const MAX_ANSWER = 16 * 1024 * 1024;

/**
 * One call to a midjourney-proxy channel: its key goes in `mj-api-secret`. A transport failure is
 * answered without the channel's address (it is the operator's secret).
 */
export async function callProxy(
  relay: Relay,
  channel: RuntimeChannel,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<ProxyAnswer> {
  const headers: Record<string, string> = { 'mj-api-secret': channel.key, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await relay.upstream.send(
      {
        url: `${channel.baseUrl}${path}`,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      AbortSignal.timeout(timeoutMs),
      channel.setting.proxy || undefined,
    );
    const raw = await readBody(res, MAX_ANSWER);
    let json: unknown = null;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      json = null;
    }
    return { status: res.statusCode, raw, json };
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).name;
    throw new MjError(502, 5, `do_request_failed (${code})`);
  }
}
