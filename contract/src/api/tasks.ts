import { z } from 'zod';

/**
 * Asynchronous creative tasks (Suno music and lyrics): the `/api/task/...` listings and the
 * statuses the relay and the task log page share. Paging goes through `pageQuery`.
 */

export const TaskStatus = {
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  Queued: 'QUEUED',
  InProgress: 'IN_PROGRESS',
  Failure: 'FAILURE',
  Success: 'SUCCESS',
  Unknown: 'UNKNOWN',
} as const;
export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];

export const TaskAction = { Music: 'MUSIC', Lyrics: 'LYRICS' } as const;
export const TASK_PLATFORM_SUNO = 'suno';

/** A task is finished once its progress reads 100% (success or failure). */
export const TASK_DONE_PROGRESS = '100%';

const whole = z.coerce.number().int().min(0).catch(0).default(0);
const text = z.string().trim().max(100).catch('').default('');

/** GET /api/task/ (admin). 0 and '' mean "any"; times are unix seconds on submit_time. */
export const taskListQuery = z.object({
  channel_id: whole,
  task_id: text,
  platform: text,
  status: text,
  action: text,
  start_timestamp: whole,
  end_timestamp: whole,
});
export type TaskFilters = z.output<typeof taskListQuery>;

/** GET /api/task/self: always the caller's own tasks, no channel filter. */
export const selfTaskListQuery = taskListQuery.omit({ channel_id: true });

/** One task as the console shows it; `channel_id` is 0 for users (they never see channels). */
export interface TaskView {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  channel_id: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  /** Parsed JSON (the request's input), or null. */
  properties: unknown;
  /** Parsed JSON (the upstream's result, e.g. the clips), or null. */
  data: unknown;
}
