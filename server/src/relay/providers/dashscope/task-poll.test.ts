import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors.js';
import type { CompletedExchange } from '../types.js';
import { pollTask } from './task-poll.js';

const look = (status: string, http = 200): CompletedExchange => ({
  status: http,
  body: Buffer.from(JSON.stringify({ output: { task_status: status } })),
  headers: {},
  contentType: 'application/json',
});
const request = { url: 'http://up/api/v1/tasks/t', method: 'GET' as const, headers: {}, body: undefined };
const timing = { intervalsMs: [1, 2], maxWaitMs: 200 };

describe('polling an asynchronous task', () => {
  it('stops at a final status or an error status', async () => {
    let n = 0;
    const statuses = ['PENDING', 'RUNNING', 'FAILED'];
    const followUp = {
      signal: new AbortController().signal,
      send: () => Promise.resolve(look(statuses[n++]!)),
    };
    expect((await pollTask(followUp, request, timing)).body.toString()).toContain('FAILED');
    expect(n).toBe(3);
    const refused = { signal: new AbortController().signal, send: () => Promise.resolve(look('', 429)) };
    expect((await pollTask(refused, request, timing)).status).toBe(429);
  });

  it('gives up with a 504 once the wait is over', async () => {
    const followUp = { signal: new AbortController().signal, send: () => Promise.resolve(look('RUNNING')) };
    const err = await pollTask(followUp, request, { intervalsMs: [5], maxWaitMs: 30 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RelayError);
    expect(err).toMatchObject({ status: 504, code: 'task_timeout' });
  });

  it('stops waiting as soon as the client has gone', async () => {
    const abort = new AbortController();
    let sent = 0;
    const followUp = { signal: abort.signal, send: () => (sent++, Promise.resolve(look('RUNNING'))) };
    const polling = pollTask(followUp, request, { intervalsMs: [10_000], maxWaitMs: 60_000 });
    abort.abort();
    await expect(polling).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toBe(0);
  });
});
