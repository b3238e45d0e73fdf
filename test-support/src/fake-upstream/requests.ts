import type { RecordedRequest } from './types.js';

/**
 * Every request the fake upstream received, in arrival order. Requests are recorded once their
 * body has been read, before any scenario delay, so a test can see a request that is still hanging.
 */
export class RequestLog implements Iterable<RecordedRequest> {
  private items: RecordedRequest[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];

  /** All recorded requests, oldest first. */
  all(): readonly RecordedRequest[] {
    return this.items;
  }

  get length(): number {
    return this.items.length;
  }

  [Symbol.iterator](): Iterator<RecordedRequest> {
    return this.items[Symbol.iterator]();
  }

  at(index: number): RecordedRequest | undefined {
    return this.items.at(index);
  }

  last(): RecordedRequest | undefined {
    return this.items.at(-1);
  }

  /** Requests made with one API key. */
  forKey(key: string): RecordedRequest[] {
    return this.items.filter((r) => r.key === key);
  }

  /** Forget what was recorded; pending `waitFor` calls keep counting from zero. */
  clear(): void {
    this.items = [];
  }

  /** Resolves with the recorded requests once at least `count` have arrived (since the last clear). */
  waitFor(count: number, timeoutMs = 5_000): Promise<readonly RecordedRequest[]> {
    if (this.items.length >= count) return Promise.resolve(this.items);
    return new Promise((resolve, reject) => {
      const waiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.items);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(`fake upstream: expected ${count} requests within ${timeoutMs} ms, got ${this.length}`),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** @internal called by the server. */
  add(request: RecordedRequest): void {
    this.items.push(request);
    const ready = this.waiters.filter((w) => this.items.length >= w.count);
    this.waiters = this.waiters.filter((w) => this.items.length < w.count);
    for (const w of ready) w.resolve();
  }
}
