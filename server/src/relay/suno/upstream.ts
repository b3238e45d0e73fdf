import type { Relay } from '../relay.js';
import { readBody } from '../upstream-client.js';
import { RelayError } from '../errors.js';
import type { RuntimeChannel } from '../routing/runtime-channel.js';
import { upstreamEnvelope, upstreamTask, type SunoAction, type UpstreamTask } from './wire.js';
import { z } from 'zod';

/** Batch fetches wait at most this long (the reference's 15 s). */
export const FETCH_TIMEOUT_MS = 15_000;

export interface SubmitResult {
  taskId: string;
  /** The upstream's answer, passed to the client as it is. */
  body: Buffer;
  contentType: string;
}

/** What a failed attempt tells the retry loop. */
export class SubmitFailure extends Error {
  constructor(
    readonly error: RelayError,
    readonly upstreamStatus: number,
  ) {
    super(error.message);
  }
}

const headers = (channel: RuntimeChannel) => ({
  authorization: `Bearer ${channel.key}`,
  'content-type': 'application/json',
  accept: 'application/json',
});

/** `POST <base>/suno/submit/<ACTION>`; success is HTTP 200 with code "success" and a task id. */
export async function submitUpstream(
  relay: Relay,
  channel: RuntimeChannel,
  action: SunoAction,
  body: Record<string, unknown>,
): Promise<SubmitResult> {
  let res;
  try {
    res = await relay.upstream.send(
      {
        url: `${channel.baseUrl}/suno/submit/${action}`,
        method: 'POST',
        headers: headers(channel),
        body: JSON.stringify(body),
      },
      new AbortController().signal,
      channel.setting.proxy,
    );
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'network_error';
    throw new SubmitFailure(
      new RelayError(502, `请求上游地址失败 (${code})`, 'do_request_failed', { local: false }),
      0,
    );
  }
  const raw = await readBody(res, 4 * 1024 * 1024);
  if (res.statusCode !== 200) {
    throw new SubmitFailure(
      new RelayError(
        res.statusCode,
        `fail_to_fetch_task: upstream status ${res.statusCode}`,
        'fail_to_fetch_task',
        {
          local: false,
        },
      ),
      res.statusCode,
    );
  }
  const parsed = upstreamEnvelope.safeParse(safeJson(raw));
  const envelope = parsed.success ? parsed.data : null;
  if (envelope?.code !== 'success' || typeof envelope.data !== 'string' || !envelope.data) {
    const code = envelope?.code || 'invalid_response';
    const message = envelope?.message || `upstream answered code ${code}`;
    // The upstream refused the task itself: another channel would refuse it too.
    throw new SubmitFailure(new RelayError(500, message, code, { local: false }), 400);
  }
  return {
    taskId: envelope.data,
    body: raw,
    contentType: String(res.headers['content-type'] ?? 'application/json'),
  };
}

/** `POST <base>/suno/fetch {"ids":[…]}`: the upstream's view of these tasks. */
export async function fetchUpstream(
  relay: Relay,
  channel: RuntimeChannel,
  ids: readonly string[],
): Promise<UpstreamTask[]> {
  const res = await relay.upstream.send(
    {
      url: `${channel.baseUrl}/suno/fetch`,
      method: 'POST',
      headers: headers(channel),
      body: JSON.stringify({ ids }),
    },
    AbortSignal.timeout(FETCH_TIMEOUT_MS),
    channel.setting.proxy,
  );
  const raw = await readBody(res, 32 * 1024 * 1024);
  if (res.statusCode !== 200) throw new Error(`suno fetch answered HTTP ${res.statusCode}`);
  const envelope = upstreamEnvelope.parse(safeJson(raw));
  if (envelope.code !== 'success') throw new Error(`suno fetch answered code ${envelope.code}`);
  const items = z.array(z.unknown()).catch([]).parse(envelope.data);
  return items.flatMap((item) => {
    const task = upstreamTask.safeParse(item);
    return task.success ? [task.data] : [];
  });
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
