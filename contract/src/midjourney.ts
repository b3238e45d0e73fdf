import { z } from 'zod';

/** Midjourney-proxy drawing tasks: relay actions, their price names, and the /api/mj listings. */

export const MJ_ACTIONS = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'HIGH_VARIATION',
  'LOW_VARIATION',
  'PAN',
  'DESCRIBE',
  'BLEND',
  'UPLOAD',
  'SHORTEN',
  'REROLL',
  'INPAINT',
  'ZOOM',
  'CUSTOM_ZOOM',
  'MODAL',
  'SWAP_FACE',
] as const;
export type MjAction = (typeof MJ_ACTIONS)[number];

/** The ModelPrice entry an action is billed under: `mj_` + lower case, except swap_face. */
export const mjModelName = (action: MjAction): string =>
  action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;

/** Task statuses as midjourney-proxy reports them. */
export const MJ_STATUSES = [
  'NOT_START',
  'SUBMITTED',
  'MODAL',
  'IN_PROGRESS',
  'FAILURE',
  'SUCCESS',
  'CANCEL',
] as const;

/** Submit result codes: 1 submitted, 21 waiting (already exists), 22 queued (duplicate), 0 not submitted. */
export const MjCode = { Submitted: 1, Waiting: 21, Queued: 22, NotSubmitted: 0 } as const;

const whole = z.coerce.number().int().min(0).catch(0).default(0);
const text = z.string().trim().max(128).catch('').default('');

/** GET /api/mj/ (admin). Timestamps are milliseconds (submit_time); 0 and '' mean "any". */
export const mjListQuery = z.object({
  channel_id: whole,
  mj_id: text,
  start_timestamp: whole,
  end_timestamp: whole,
});
export type MjFilters = z.output<typeof mjListQuery>;

/** GET /api/mj/self: the caller's own tasks. */
export const selfMjListQuery = mjListQuery.omit({ channel_id: true });

/** One drawing task as /api/mj lists it (times in milliseconds). */
export interface MidjourneyView {
  id: number;
  user_id: number;
  code: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  /** 0 in a user's own listing: which channel served it is the operator's business. */
  channel_id: number;
  quota: number;
}
