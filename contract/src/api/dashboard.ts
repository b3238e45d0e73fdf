import { z } from 'zod';

/** GET /api/data/ and /api/data/self: hourly usage aggregates for the dashboard (/detail). */

/** One user's (or, aggregated, everyone's) use of one model in one hour. */
export interface QuotaDataRow {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  /** The hour's first second (unix seconds). */
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

/** A user may look at one month at a time; admins at any range. */
export const SELF_DATA_MAX_SPAN_SECONDS = 30 * 24 * 3600;

const seconds = z.coerce.number().int('时间格式错误').nonnegative('时间格式错误');

export const quotaDataQuery = z
  .object({
    start_timestamp: seconds.optional(),
    end_timestamp: seconds.optional(),
    username: z.string().trim().max(64).optional().default(''),
  })
  .transform((q) => {
    const end = q.end_timestamp ?? Math.floor(Date.now() / 1000);
    // Without a start, the last day: the dashboard's default view.
    return { start: q.start_timestamp ?? end - 24 * 3600, end, username: q.username };
  })
  .refine((q) => q.start <= q.end, { message: '开始时间不能晚于结束时间' });
export type QuotaDataQuery = z.infer<typeof quotaDataQuery>;
