/** One gateway the load may be sent to; `up` false while it is frozen or dead. */
export interface LoadTarget {
  url: string;
  up: boolean;
}

/** What one client call saw, for the charge oracle (fault-oracle.ts). */
export interface CallRecord {
  /** Marks the call's prompt, so the fake upstream's records of it can be found. */
  tag: string;
  apiKey: string;
  model: string;
  stream: boolean;
  url: string;
  /** The response status, when headers arrived. */
  status?: number;
  /** The gateway's request id (x-oneapi-request-id), when headers arrived. */
  requestId?: string;
  /** The whole body was read (no abort, no transport error). */
  complete: boolean;
  /** The client left on purpose before the end. */
  aborted: boolean;
  endedAt: number;
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
  readonly calls: CallRecord[] = [];
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
    const call: CallRecord = {
      tag: `call-${this.stats.sent++}`,
      apiKey: this.pick(this.apiKeys),
      model: this.pick(this.models),
      stream: Math.random() < 0.5,
      url,
      complete: false,
      aborted: false,
      endedAt: 0,
    };
    this.calls.push(call);
    try {
      const res = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${call.apiKey}` },
        body: JSON.stringify({
          model: call.model,
          messages: [{ role: 'user', content: promptOf(call.tag) }],
          max_tokens: 60,
          stream: call.stream,
        }),
        signal: controller.signal,
      });
      call.status = res.status;
      call.requestId = res.headers.get('x-oneapi-request-id') ?? undefined;
      await res.text();
      call.complete = true;
      this.stats.answered++;
      this.stats.byStatus[res.status] = (this.stats.byStatus[res.status] ?? 0) + 1;
    } catch (err) {
      call.aborted = controller.signal.aborted;
      if (controller.signal.aborted) this.stats.aborted++;
      else this.stats.errors++;
      void err;
    } finally {
      call.endedAt = Date.now();
      clearTimeout(timer);
    }
  }
}

/** The prompt of a call: the same words every time, tagged so the upstream's record names the call. */
export function promptOf(tag: string): string {
  return `hello there, how are you today? [${tag}]`;
}
