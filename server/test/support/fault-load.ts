/** One gateway the load may be sent to; `up` false while it is frozen or dead. */
export interface LoadTarget {
  url: string;
  up: boolean;
}

export interface LoadStats {
  sent: number;
  answered: number;
  errors: number;
  aborted: number;
  byStatus: Record<string, number>;
}

/**
 * Concurrent chat calls with random models, streaming and client aborts (immediately, or at a
 * random moment), spread over the instances that are up.
 */
export class FaultLoad {
  readonly stats: LoadStats = { sent: 0, answered: 0, errors: 0, aborted: 0, byStatus: {} };
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly targets: LoadTarget[],
    private readonly apiKeys: string[],
    private readonly models: string[],
    private readonly concurrency: number,
  ) {}

  start() {
    this.running = true;
    this.workers = Array.from({ length: this.concurrency }, () => this.worker());
  }

  /** Stops sending and waits for every call in flight to end. */
  async stop() {
    this.running = false;
    await Promise.all(this.workers);
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(Math.random() * list.length)]!;
  }

  private async worker() {
    while (this.running) {
      const up = this.targets.filter((t) => t.up);
      if (up.length === 0) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      await this.call(this.pick(up).url);
    }
  }

  private async call(url: string) {
    const controller = new AbortController();
    const r = Math.random();
    // 5% leave at once, 20% at a random point, the rest wait (bounded: a frozen instance answers late).
    const abortIn = r < 0.05 ? 0 : r < 0.25 ? Math.random() * 400 : 30_000;
    const timer = setTimeout(() => controller.abort(), abortIn);
    this.stats.sent++;
    try {
      const res = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.pick(this.apiKeys)}` },
        body: JSON.stringify({
          model: this.pick(this.models),
          messages: [{ role: 'user', content: 'hello there, how are you today?' }],
          max_tokens: 60,
          stream: Math.random() < 0.5,
        }),
        signal: controller.signal,
      });
      await res.text();
      this.stats.answered++;
      this.stats.byStatus[res.status] = (this.stats.byStatus[res.status] ?? 0) + 1;
    } catch (err) {
      if (controller.signal.aborted) this.stats.aborted++;
      else this.stats.errors++;
      void err;
    } finally {
      clearTimeout(timer);
    }
  }
}
