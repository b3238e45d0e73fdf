import type { Kysely } from 'kysely';
import type { LogDatabase, NewLog } from '../../platform/db/schema.js';

/**
 * Rows per INSERT. SQLite writes block the event loop, so batches stay small and the writer
 * yields between them: requests in flight are never held up for long.
 */
const MAX_BATCH = 100;

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
 * Fills every column a batch INSERT needs: multi-row INSERT needs the same columns in every row
 * (SQLite has no DEFAULT in VALUES).
 */
export function normalizeLogRow(row: LogInput): NewLog {
  return {
    user_id: row.user_id,
    type: row.type,
    created_at: row.created_at ?? Math.floor(Date.now() / 1000),
    content: row.content ?? EMPTY_ROW.content,
    username: row.username ?? EMPTY_ROW.username,
    token_name: row.token_name ?? EMPTY_ROW.token_name,
    token_id: row.token_id ?? EMPTY_ROW.token_id,
    model_name: row.model_name ?? EMPTY_ROW.model_name,
    quota: row.quota ?? EMPTY_ROW.quota,
    prompt_tokens: row.prompt_tokens ?? EMPTY_ROW.prompt_tokens,
    completion_tokens: row.completion_tokens ?? EMPTY_ROW.completion_tokens,
    use_time: row.use_time ?? EMPTY_ROW.use_time,
    is_stream: row.is_stream ?? EMPTY_ROW.is_stream,
    channel_id: row.channel_id ?? EMPTY_ROW.channel_id,
    group: row.group ?? EMPTY_ROW.group,
    other: row.other ?? EMPTY_ROW.other,
    request_id: row.request_id ?? EMPTY_ROW.request_id,
  };
}

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
    this.queue.push(normalizeLogRow(row));
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
        if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
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
