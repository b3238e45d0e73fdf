import type { Kysely } from 'kysely';
import type { LogDatabase, NewLog } from '../../platform/db/schema.js';

const MAX_BATCH = 500;

/** A log row; everything but user and type has a default. */
export type LogInput = Partial<NewLog> & Pick<NewLog, 'user_id' | 'type'>;

const EMPTY_ROW: Omit<NewLog, 'user_id' | 'type' | 'created_at'> = {
  content: '',
  username: '',
  token_name: '',
  token_id: 0,
  model_name: '',
  quota: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  use_time: 0,
  is_stream: 0,
  channel_id: 0,
  group: '',
  other: '',
  request_id: '',
};
const MAX_QUEUE = 100_000;

/**
 * Log rows are queued and inserted in batches off the request path. A failed batch is kept and
 * retried at the next flush; close() flushes what is left.
 */
export class LogWriter {
  private queue: NewLog[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<LogDatabase>,
    private readonly intervalMs = 200,
  ) {}

  start() {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  add(row: LogInput) {
    if (this.queue.length >= MAX_QUEUE) {
      console.error('log queue full; dropping the oldest row');
      this.queue.shift();
    }
    // Multi-row INSERT needs the same columns in every row (SQLite has no DEFAULT in VALUES).
    this.queue.push({ ...EMPTY_ROW, created_at: Math.floor(Date.now() / 1000), ...row });
  }

  get pending() {
    return this.queue.length;
  }

  /** Writes everything queued so far (waits for a flush already under way). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    this.flushing = this.writeQueued().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async writeQueued() {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.db.insertInto('logs').values(batch).execute();
      } catch (err) {
        this.queue.unshift(...batch);
        console.error(`writing ${batch.length} log rows failed: ${(err as Error).message}`);
        return;
      }
    }
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
