import { LogType } from '@gateway/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { formatLogQuota } from '../../modules/logs/format.js';
import type { Database, MidjourneyRow } from '../../platform/db/schema.js';
import { refundAdmission, refundTaskCharge, type TaskCharge } from '../billing/task-refund.js';

/** A task as midjourney-proxy reports it (fetch, list-by-condition, notify). */
export interface ProxyTask {
  id?: string;
  action?: string;
  prompt?: string;
  promptEn?: string;
  description?: string;
  state?: string;
  submitTime?: number;
  startTime?: number;
  finishTime?: number;
  imageUrl?: string;
  status?: string;
  progress?: string;
  failReason?: string;
  buttons?: unknown;
  properties?: unknown;
}

export const DONE = '100%';
/** Tasks the upstream has not finished after this long are failed (and refunded). */
export const TASK_TIMEOUT_MS = 3_600_000;
export const TIMEOUT_REASON = '上游任务超时（超过1小时）';

const json = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * The proxy's shape of a stored task. With MjForwardUrlEnabled the image is served through us
 * (`/mj/image/<id>`), so clients never learn the upstream's address; unfinished images get a
 * cache-busting suffix because their preview changes while they draw.
 */
export function toProxyTask(row: MidjourneyRow, ctx: AppContext): ProxyTask {
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt ?? '',
    promptEn: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submitTime: row.submit_time,
    startTime: row.start_time,
    finishTime: row.finish_time,
    imageUrl: publicImageUrl(row, ctx),
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason ?? '',
    buttons: json(row.buttons),
    properties: json(row.properties),
  };
}

export function publicImageUrl(row: MidjourneyRow, ctx: AppContext): string {
  const url = row.image_url ?? '';
  if (!url || !ctx.options.bool('MjForwardUrlEnabled')) return url;
  const base = ctx.options.str('ServerAddress');
  const rand = row.status === 'SUCCESS' ? '' : `?rand=${process.hrtime.bigint()}`;
  return `${base}/mj/image/${encodeURIComponent(row.mj_id)}${rand}`;
}

export const findTask = (db: Kysely<Database>, userId: number, mjId: string) =>
  db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', '=', mjId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : undefined);
const jsonText = (v: unknown) => (v === undefined || v === null ? undefined : JSON.stringify(v));

/** Column values an upstream report carries (only the fields it sent). */
type Changes = Partial<Omit<MidjourneyRow, 'id' | 'user_id'>>;

function reported(task: ProxyTask): Changes {
  const out: Record<string, string | number> = {};
  const set = (key: keyof Changes, value: string | number | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('prompt', str(task.prompt));
  set('prompt_en', str(task.promptEn));
  set('description', str(task.description));
  set('state', str(task.state));
  set('start_time', num(task.startTime));
  set('finish_time', num(task.finishTime));
  set('image_url', str(task.imageUrl));
  set('status', str(task.status)?.slice(0, 20));
  set('progress', str(task.progress)?.slice(0, 30));
  set('fail_reason', str(task.failReason));
  set('buttons', jsonText(task.buttons));
  set('properties', jsonText(task.properties));
  return out;
}

/**
 * Applies an upstream report (poll or notify) to a stored unfinished task. A failure — reported,
 * or the task running past TASK_TIMEOUT_MS — finishes it and refunds its quota. The update is
 * conditional on the row still being unfinished, so of two pollers (or a poll and a notify) only
 * one finishes the task and only that one refunds.
 */
export async function applyReport(
  ctx: AppContext,
  row: MidjourneyRow,
  task: ProxyTask,
  now = Date.now(),
): Promise<'failed' | 'updated' | 'unchanged'> {
  const changes = reported(task);
  const progress = (changes.progress as string | undefined) ?? row.progress;
  const status = (changes.status as string | undefined) ?? row.status;
  const failReason = (changes.fail_reason as string | undefined) ?? row.fail_reason ?? '';
  let failed =
    (progress !== DONE && failReason !== '') ||
    (progress === DONE && (status === 'FAILURE' || status === 'CANCEL'));
  if (progress !== DONE && now - row.submit_time > TASK_TIMEOUT_MS) {
    failed = true;
    changes.fail_reason = TIMEOUT_REASON;
    changes.status = 'FAILURE';
  }
  if (failed) {
    changes.progress = DONE;
    if (changes.status !== 'CANCEL') changes.status = 'FAILURE';
  }
  const differs = Object.entries(changes).some(([k, v]) => row[k as keyof MidjourneyRow] !== v);
  if (!differs) return 'unchanged';
  changes.code = 1;
  const refund = failed && row.quota > 0;
  const charge: TaskCharge = {
    userId: row.user_id,
    tokenId: row.token_id,
    channelId: row.channel_id,
    quota: refund ? row.quota : 0,
    key: `refund:mj:${row.id}`,
    log: {
      user_id: row.user_id,
      type: LogType.System,
      content: `构图失败 ${row.mj_id}，补偿 ${formatLogQuota(row.quota, ctx.options)}`,
      token_id: row.token_id,
      quota: row.quota,
      channel_id: row.channel_id,
    },
  };
  let tokenLimited = false;
  const won = await ctx.db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('midjourneys')
      .set(changes)
      .where('id', '=', row.id)
      .where('progress', '!=', DONE)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    tokenLimited = await refundTaskCharge(ctx, tx, charge);
    return true;
  });
  if (!won) return 'unchanged';
  if (!failed) return 'updated';
  if (refund) await refundAdmission(ctx, charge, tokenLimited);
  return 'failed';
}
