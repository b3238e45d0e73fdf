import type { MjAction } from '@gateway/contract';

/**
 * Which drawing action a submission asks for. Fixed by the route for most; read from the body for
 * `change` (action), `simple-change` (content "<taskId> U1") and Plus' `action` (customId).
 */
export type SubmitRoute =
  | 'imagine'
  | 'change'
  | 'simple-change'
  | 'action'
  | 'describe'
  | 'blend'
  | 'shorten'
  | 'modal'
  | 'upload-discord-images'
  | 'swap_face';

const FIXED: Partial<Record<SubmitRoute, MjAction>> = {
  imagine: 'IMAGINE',
  describe: 'DESCRIBE',
  blend: 'BLEND',
  shorten: 'SHORTEN',
  modal: 'MODAL',
  'upload-discord-images': 'UPLOAD',
  swap_face: 'SWAP_FACE',
};

/** Actions on an earlier task: the origin task is looked up and its channel reused. */
export const DERIVED_ROUTES: ReadonlySet<SubmitRoute> = new Set([
  'change',
  'simple-change',
  'action',
  'modal',
]);

/** A submission the proxy would refuse anyway; answered as code 4 without calling it. */
export class MjRequestError extends Error {}

export interface ResolvedAction {
  action: MjAction;
  /** The origin task of a derived action. */
  taskId?: string;
  index?: number;
}

const CHANGE_ACTIONS = new Set<string>(['UPSCALE', 'VARIATION', 'REROLL']);

export function resolveAction(route: SubmitRoute, body: Record<string, unknown>): ResolvedAction {
  const fixed = FIXED[route];
  const taskId = typeof body.taskId === 'string' ? body.taskId.trim() : undefined;
  if (fixed) {
    if (route === 'imagine' && !nonEmpty(body.prompt)) throw new MjRequestError('prompt_is_required');
    if (route === 'modal' && !taskId) throw new MjRequestError('task_id_is_required');
    if (route === 'swap_face' && (!nonEmpty(body.sourceBase64) || !nonEmpty(body.targetBase64)))
      throw new MjRequestError('sour_base64_and_target_base64_is_required');
    return { action: fixed, taskId };
  }
  if (route === 'change') {
    const action = typeof body.action === 'string' ? body.action.toUpperCase() : '';
    const index = Number(body.index);
    if (!taskId) throw new MjRequestError('task_id_is_required');
    if (!CHANGE_ACTIONS.has(action)) throw new MjRequestError('action_is_required');
    if (action !== 'REROLL' && !(Number.isInteger(index) && index >= 1 && index <= 4))
      throw new MjRequestError('index_can_only_be_1_2_3_4');
    return { action: action as MjAction, taskId, index };
  }
  if (route === 'simple-change') return parseSimpleChange(body.content);
  if (!taskId) throw new MjRequestError('task_id_is_required');
  return { ...parseCustomId(body.customId), taskId };
}

const nonEmpty = (v: unknown) =>
  (typeof v === 'string' && v.trim() !== '') || (Array.isArray(v) && v.length > 0);

/** `"<taskId> U1".."U4" | "V1".."V4" | "R"`. */
export function parseSimpleChange(content: unknown): ResolvedAction {
  const text = typeof content === 'string' ? content.trim() : '';
  const match = /^(\S+)\s+(?:([UV])([1-4])|(R))$/i.exec(text);
  if (!match) throw new MjRequestError('content_parse_failed');
  const [, taskId, kind, index, reroll] = match;
  if (reroll) return { action: 'REROLL', taskId, index: 1 };
  return { action: kind!.toUpperCase() === 'U' ? 'UPSCALE' : 'VARIATION', taskId, index: Number(index) };
}

/** Plus' button ids: `MJ::JOB::upsample::2::<hash>`, `MJ::Outpaint::…`, `MJ::CustomZoom::…`, `MJ::Inpaint::…`. */
export function parseCustomId(customId: unknown): { action: MjAction; index: number } {
  if (typeof customId !== 'string' || !customId) throw new MjRequestError('custom_id_is_required');
  const parts = customId.split('::');
  const name = parts[1] === 'JOB' ? (parts[2] ?? '') : (parts[1] ?? '');
  const index = Number(parts[3]);
  const at = Number.isInteger(index) && index >= 1 ? index : 1;
  if (name.includes('upsample')) return { action: 'UPSCALE', index: at };
  if (name === 'variation') return { action: 'VARIATION', index: at };
  if (name === 'low_variation') return { action: 'LOW_VARIATION', index: 1 };
  if (name === 'high_variation') return { action: 'HIGH_VARIATION', index: 1 };
  if (name.includes('pan')) return { action: 'PAN', index: 1 };
  if (name.includes('reroll')) return { action: 'REROLL', index: 1 };
  if (name === 'Outpaint') return { action: 'ZOOM', index: 1 };
  if (name === 'CustomZoom') return { action: 'CUSTOM_ZOOM', index: 1 };
  if (name === 'Inpaint') return { action: 'INPAINT', index: 1 };
  throw new MjRequestError(`unknown_action:${customId}`);
}

/** Free actions: the proxy asks for a follow-up (modal) that is billed itself. */
export const FREE_ACTIONS: ReadonlySet<MjAction> = new Set(['INPAINT', 'CUSTOM_ZOOM']);

/**
 * The body forwarded upstream: accountFilter and notifyHook only when the options allow them, and
 * speed flags stripped from the prompt when MjModeClearEnabled (the route's mode decides speed).
 */
export function forwardBody(
  body: Record<string, unknown>,
  opts: { accountFilter: boolean; notify: boolean; modeClear: boolean },
): Record<string, unknown> {
  const out = { ...body };
  if (!opts.accountFilter) delete out.accountFilter;
  if (!opts.notify) delete out.notifyHook;
  if (opts.modeClear && typeof out.prompt === 'string') {
    out.prompt = out.prompt.replace(/\s*--(fast|relax|turbo)\b/g, '').trim();
  }
  return out;
}
