import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { ProtocolFamily } from './router.js';
import { SSE_CONTENT_TYPE } from './sse.js';
import type { ErrorSpec, RecordedRequest, ScenarioSpec } from './types.js';

/**
 * Writes one reply and owns the scenario's transport behaviour (per-event delays, breaking or
 * hanging the connection), so protocol handlers only decide *what* to send.
 */
export class Reply {
  /** Resolves when the connection closes: reply finished, client gone, or socket destroyed by us. */
  readonly closed: Promise<void>;
  private readonly aborter = new AbortController();
  private destroyedOnPurpose = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly spec: ScenarioSpec,
    private readonly family: ProtocolFamily,
    private readonly record: RecordedRequest,
  ) {
    this.closed = new Promise((resolve) => {
      res.once('close', () => {
        if (!res.writableFinished && !this.destroyedOnPurpose) record.clientAborted = true;
        this.aborter.abort();
        resolve();
      });
    });
  }

  get isClosed(): boolean {
    return this.aborter.signal.aborted;
  }

  /** Waits, cut short if the connection closes; false when it did. */
  async sleep(ms: number | undefined): Promise<boolean> {
    if (ms && ms > 0 && !this.isClosed) {
      try {
        await delay(ms, undefined, { signal: this.aborter.signal });
      } catch {
        // Aborted because the connection closed; the caller checks the return value.
      }
    }
    return !this.isClosed;
  }

  /** Kills the socket without a proper end, as a crashing upstream or a broken network would. */
  destroy(): void {
    this.destroyedOnPurpose = true;
    this.res.destroy();
  }

  /**
   * A complete (non-streamed) reply. `breakAfterChunks` sends the headers and half the body, then
   * kills the socket; `hangAfterChunks` sends only the headers and then nothing at all.
   */
  async send(status: number, contentType: string, body: string | Buffer, extra?: Record<string, string>) {
    const data = typeof body === 'string' ? Buffer.from(body) : body;
    const headers = { ...this.headers(contentType, extra), 'content-length': String(data.length) };
    this.record.reply = { status, body: '', complete: false };
    if (this.spec.breakAfterChunks !== undefined) {
      this.res.writeHead(status, headers);
      await this.write(data.subarray(0, Math.floor(data.length / 2)));
      this.destroy();
    } else if (this.spec.hangAfterChunks !== undefined) {
      this.res.writeHead(status, headers);
      this.res.flushHeaders();
      await this.closed;
    } else {
      this.res.writeHead(status, headers);
      this.end(data);
    }
  }

  json(body: unknown, status = 200, extra?: Record<string, string>): Promise<void> {
    return this.send(status, 'application/json', JSON.stringify(body), extra);
  }

  /** An error reply, always sent whole: faults only apply to successful replies. */
  error(error: ErrorSpec): void {
    let body: string;
    let contentType: string;
    if (typeof error.body === 'string') {
      body = error.body;
      contentType = error.contentType ?? 'text/plain; charset=utf-8';
    } else {
      body = JSON.stringify(error.body ?? this.family.errorBody(error));
      contentType = error.contentType ?? 'application/json';
    }
    this.res.writeHead(error.status, {
      ...this.headers(contentType, { ...this.family.errorHeaders?.(error), ...error.headers }),
      'content-length': String(Buffer.byteLength(body)),
    });
    this.record.reply = { status: error.status, body: '', complete: false };
    this.end(body);
  }

  /**
   * Plays pre-framed events. Faults are checked before each event, including after the last
   * one: `breakAfterChunks: events.length` delivers everything but never ends the response.
   */
  async stream(events: readonly (string | Buffer)[], contentType = SSE_CONTENT_TYPE): Promise<void> {
    this.record.reply = { status: 200, body: '', complete: false };
    this.res.writeHead(200, {
      ...this.headers(contentType),
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    // Headers go out at once, like a real provider that starts streaming before the first token.
    this.res.flushHeaders();
    const { chunkDelayMs, breakAfterChunks, hangAfterChunks } = this.spec;
    for (let i = 0; i <= events.length; i += 1) {
      if (i === breakAfterChunks) return this.destroy();
      if (i === hangAfterChunks) return this.closed;
      if (i === events.length) break;
      if (!(await this.sleep(chunkDelayMs))) return;
      await this.write(events[i]);
    }
    this.end();
  }

  private headers(contentType: string, extra?: Record<string, string>): Record<string, string> {
    return { ...this.family.baseHeaders(), 'content-type': contentType, ...extra, ...this.spec.headers };
  }

  /** Resolves once the bytes are handed to the socket, so a following destroy cannot drop them. */
  private write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.isClosed) return resolve();
      this.res.write(data, () => {
        this.recordSent(data);
        resolve();
      });
    });
  }

  /** Ends the reply; it counts as complete once the last bytes are handed to the socket. */
  private end(data?: string | Buffer): void {
    if (this.isClosed) return;
    this.res.end(data ?? '', () => {
      if (data) this.recordSent(data);
      if (this.record.reply) this.record.reply.complete = true;
    });
  }

  private recordSent(data: string | Buffer) {
    if (this.record.reply) this.record.reply.body += data.toString();
  }
}
