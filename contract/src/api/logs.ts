import { z } from 'zod';

/** Usage logs (`/api/log/...`). Paging goes through `pageQuery`. */

const whole = z.coerce.number().int().min(0).catch(0).default(0);
const text = z.string().trim().catch('').default('');

/** GET /api/log/ and /api/log/stat (admin). 0 and '' mean "any". */
export const logListQuery = z.object({
  type: whole,
  start_timestamp: whole,
  end_timestamp: whole,
  username: text,
  token_name: text,
  /** Exact, or an SQL LIKE pattern when it contains `%`. */
  model_name: text,
  /** A channel id. */
  channel: whole,
  group: text,
});
export type LogFilters = z.output<typeof logListQuery>;

/** GET /api/log/self/ and /api/log/self/stat: always the caller's own logs. */
export const selfLogListQuery = logListQuery.omit({ username: true, channel: true });

export const LOG_DELETE_TIME_REQUIRED = '请选择要清除的日志截止时间（target_timestamp）';

/** DELETE /api/log/: removes every log created before the timestamp (unix seconds). */
export const logDeleteQuery = z.object({
  target_timestamp: z.coerce
    .number({ error: LOG_DELETE_TIME_REQUIRED })
    .int({ error: LOG_DELETE_TIME_REQUIRED })
    .positive(LOG_DELETE_TIME_REQUIRED),
});

/** One log row as the API returns it (`channel` is the channel id). */
export interface LogView {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  token_id: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Seconds. */
  use_time: number;
  is_stream: boolean;
  channel: number;
  /** Admins only; blank in a user's own logs. */
  channel_name: string;
  group: string;
  /** A JSON string; `admin_info` is removed from a user's own logs. */
  other: string;
  request_id: string;
}

/** GET /api/log/stat and /api/log/self/stat. */
export interface LogStat {
  /** Sum of quota over the consume logs matching the filters. */
  quota: number;
  /** Consume logs of the last 60 seconds matching the filters (time range ignored). */
  rpm: number;
  /** Prompt + completion tokens of those logs. */
  tpm: number;
}
