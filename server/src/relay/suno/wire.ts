import { TaskAction } from '@gateway/contract';
import { z } from 'zod';
import type { TaskRow } from '../../platform/db/schema.js';
import { RelayError } from '../errors.js';

/**
 * The Suno task API's wire format, as clients (and the upstream) speak it: answers are
 * `{"code":"success","message":"","data":…}`, errors `{"code":"<error code>","message":…,"data":null}`.
 */

export type SunoAction = (typeof TaskAction)[keyof typeof TaskAction];

/** `MUSIC` or `LYRICS`, however the client spelled it; null for anything else. */
export function parseAction(raw: string): SunoAction | null {
  const upper = raw.toUpperCase();
  return upper === TaskAction.Music || upper === TaskAction.Lyrics ? upper : null;
}

/** The billed model of each action (priced in ModelPrice). */
export const ACTION_MODEL: Record<SunoAction, string> = {
  MUSIC: 'suno_music',
  LYRICS: 'suno_lyrics',
};

const optionalText = z.string().max(10_000).optional();

/** A submission's body. Unknown fields are kept and forwarded, as the upstream may know them. */
export const submitBody = z.looseObject({
  prompt: optionalText,
  mv: optionalText,
  title: optionalText,
  tags: optionalText,
  gpt_description_prompt: optionalText,
  make_instrumental: z.boolean().optional(),
  continue_at: z.number().optional(),
  continue_clip_id: z.string().max(100).optional(),
  task_id: z.string().max(100).optional(),
});
export type SubmitBody = z.output<typeof submitBody>;

/** POST /suno/fetch. */
export const fetchBody = z.object({
  ids: z.array(z.string().max(100)).max(1000),
  action: z.string().max(20).optional(),
});

/** One task in the upstream's batch-fetch answer. */
export const upstreamTask = z.looseObject({
  task_id: z.string(),
  action: z.string().optional().catch(undefined),
  status: z.string().optional().catch(undefined),
  fail_reason: z.string().nullish().catch(undefined),
  submit_time: z.number().optional().catch(undefined),
  start_time: z.number().optional().catch(undefined),
  finish_time: z.number().optional().catch(undefined),
  data: z.unknown().optional(),
});
export type UpstreamTask = z.output<typeof upstreamTask>;

export const upstreamEnvelope = z.looseObject({
  code: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  data: z.unknown().optional(),
});

export function errorBody(error: RelayError) {
  return { code: error.code, message: error.message, data: null };
}

export const badRequest = (message: string, code: string) => new RelayError(400, message, code);

const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** A stored task in the API's task shape (`TaskDto`). */
export function taskDto(row: TaskRow) {
  return {
    task_id: row.task_id,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    progress: row.progress,
    data: parseJson(row.data),
  };
}

export { parseJson };
