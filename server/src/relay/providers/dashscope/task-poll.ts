import { setTimeout as sleep } from 'node:timers/promises';
import { RelayError } from '../../errors.js';
import type { FollowUp, CompletedExchange, UpstreamRequest } from '../types.js';

/** How long to wait for a task, and between looks at it (the last interval repeats). */
export interface PollTiming {
  intervalsMs: readonly number[];
  maxWaitMs: number;
}

/** Image tasks take seconds to a minute; the first looks come quickly for the fast ones. */
export const TASK_POLL_TIMING: PollTiming = {
  intervalsMs: [250, 500, 1000, 2000],
  maxWaitMs: 180_000,
};

const FINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELED', 'UNKNOWN']);

/** A task's status from its JSON body; '' when the body does not name one. */
export function taskStatus(body: Buffer): string {
  try {
    const json = JSON.parse(body.toString('utf8')) as { output?: { task_status?: unknown } };
    return typeof json.output?.task_status === 'string' ? json.output.task_status : '';
  } catch {
    return '';
  }
}

/**
 * Looks at a task until it reaches a final status and answers that last look (a non-2xx answer
 * ends the wait too: it is the error to report). Each wait ends early when the client leaves
 * (the sleep throws on the abort signal). Past `maxWaitMs` it gives up with a 504.
 */
export async function pollTask(
  followUp: FollowUp,
  request: UpstreamRequest,
  timing: PollTiming = TASK_POLL_TIMING,
): Promise<CompletedExchange> {
  const deadline = performance.now() + timing.maxWaitMs;
  for (let i = 0; ; i++) {
    const interval = timing.intervalsMs[Math.min(i, timing.intervalsMs.length - 1)] ?? 1000;
    if (performance.now() + interval > deadline) break;
    await sleep(interval, undefined, { signal: followUp.signal });
    const look = await followUp.send(request);
    if (look.status < 200 || look.status >= 300) return look;
    if (FINAL.has(taskStatus(look.body))) return look;
  }
  throw new RelayError(
    504,
    `上游图片任务在 ${Math.round(timing.maxWaitMs / 1000)} 秒内未完成`,
    'task_timeout',
    { local: false, type: 'upstream_error' },
  );
}
