import type { ServerResponse } from 'node:http';

/**
 * The SSE response to the client: headers on open, writes that respect backpressure, optional
 * keep-alive comments while the upstream is silent, and nothing written after the client left.
 */
export class ClientStream {
  private ping: NodeJS.Timeout | null = null;
  private lastWrite = Date.now();

  constructor(
    private readonly res: ServerResponse,
    private readonly headers: Record<string, string>,
    private readonly pingSeconds: number,
  ) {}

  get closed() {
    return this.res.destroyed || this.res.writableEnded;
  }

  open() {
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...this.headers,
    });
    this.res.flushHeaders();
    if (this.pingSeconds > 0) {
      const everyMs = this.pingSeconds * 1000;
      this.ping = setInterval(
        () => {
          if (Date.now() - this.lastWrite >= everyMs) void this.write(': PING\n\n');
        },
        Math.min(everyMs, 1000),
      );
      this.ping.unref();
    }
  }

  async write(frame: string): Promise<void> {
    if (this.closed || !frame) return;
    this.lastWrite = Date.now();
    if (this.res.write(frame)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  end(frame = '') {
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    if (this.closed) return;
    this.res.end(frame);
  }
}
