import { ChannelStatus, DEFAULT_MODEL_PRICE, LogType, mjModelName, type MjAction } from '@gateway/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayCaller } from '../auth/relay-auth.js';
import { InsufficientQuotaError, type QuotaHold } from '../billing/ledger.js';
import { holdForCaller } from '../billing/caller-hold.js';
import type { Relay } from '../relay.js';
import { pickChannel } from '../routing/select.js';
import type { RuntimeChannel } from '../routing/runtime-channel.js';
import { DERIVED_ROUTES, FREE_ACTIONS, forwardBody, resolveAction, type SubmitRoute } from './actions.js';
import { jsonBody, MjError, requestError } from './errors.js';
import { callProxy } from './upstream.js';
import { DONE, findTask } from './tasks.js';
import type { MidjourneyRow } from '../../platform/db/schema.js';
import type { LogInput } from '../../modules/logs/writer.js';

/** Submit result codes that mean "accepted": submitted, already exists, queued. */
const ACCEPTED = new Set([1, 21, 22]);
const NO_ACCOUNT = 3;
const SATURATED = 30;

interface SubmitResult {
  code?: unknown;
  description?: unknown;
  result?: unknown;
  properties?: unknown;
  [key: string]: unknown;
}

/**
 * One submission: resolve the action (and, for actions on an earlier task, that task and its
 * channel), price it, hold the quota, forward, record the task, and charge only when the proxy
 * accepted it. The hold guarantees the charge can be paid; a refusal releases it.
 */
export async function submitTask(
  relay: Relay,
  request: FastifyRequest,
  reply: FastifyReply,
  route: SubmitRoute,
  upstreamPath: string,
  caller: RelayCaller,
) {
  const { ctx } = relay;
  const body = jsonBody(request.body);
  const resolved = resolveOrRefuse(route, body);
  const { action } = resolved;
  const model = mjModelName(action);
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(model)) {
    throw new MjError(403, 4, `该令牌无权访问模型 ${model}`, 'new_api_error');
  }

  let origin: MidjourneyRow | undefined;
  let channel: RuntimeChannel | null | undefined;
  if (DERIVED_ROUTES.has(route)) {
    origin = await findTask(ctx.db, caller.user.id, resolved.taskId ?? '');
    if (!origin) throw requestError('task_not_found');
    if (route !== 'modal' && ctx.options.bool('MjActionCheckSuccessEnabled') && origin.status !== 'SUCCESS') {
      throw requestError('task_status_not_success');
    }
    // The proxy knows the origin task only on the channel that drew it.
    channel = relay.routing.channel(origin.channel_id);
    if (!channel || channel.status !== ChannelStatus.Enabled) throw requestError('channel_not_found');
  } else if (caller.pinnedChannelId !== null) {
    channel = relay.routing.channel(caller.pinnedChannelId);
    if (!channel || channel.status !== ChannelStatus.Enabled) throw requestError('channel_not_found');
  } else {
    channel = pickChannel(relay.routing.tiersFor(caller.group, model, 'midjourney'), new Set());
    if (!channel) {
      throw new MjError(503, 5, `当前分组 ${caller.group} 下对于模型 ${model} 无可用渠道`, 'new_api_error');
    }
  }

  const { modelPrice, groupRatio, quota } = mjPrice(relay, model, action, caller.group);
  const hold = quota > 0 ? await takeHold(relay, caller, quota, request.id) : null;
  try {
    const forwarded = forwardBody(body, {
      accountFilter: ctx.options.bool('MjAccountFilterEnabled'),
      notify: ctx.options.bool('MjNotifyEnabled'),
      modeClear: ctx.options.bool('MjModeClearEnabled'),
    });
    const upstream = await callProxy(relay, channel, 'POST', upstreamPath, forwarded, 60_000);
    if (upstream.status !== 200) {
      throw new MjError(
        upstream.status >= 500 ? 502 : 400,
        5,
        `fail_to_fetch_midjourney status_code: ${upstream.status}`,
      );
    }
    const answer = upstream.json as SubmitResult | null;
    if (!answer || typeof answer.code !== 'number')
      throw new MjError(502, 5, 'unmarshal_response_body_failed');
    const description = typeof answer.description === 'string' ? answer.description : '';
    const mjId = typeof answer.result === 'string' ? answer.result : '';
    const properties = (answer.properties ?? {}) as Record<string, unknown>;

    if (answer.code === NO_ACCOUNT && channel.autoBan && ctx.options.bool('AutomaticDisableChannelEnabled')) {
      void relay.health.disable(channel, `midjourney: ${description}`).catch(() => undefined);
    }
    if (answer.code === SATURATED) {
      throw new MjError(
        429,
        SATURATED,
        `${description} 当前分组负载已饱和，请稍后再试，或升级账户以提升服务质量。`,
      );
    }
    const accepted = action === 'SWAP_FACE' ? answer.code === 1 : ACCEPTED.has(answer.code);
    const row = {
      code: answer.code,
      user_id: caller.user.id,
      action,
      mj_id: mjId,
      prompt: typeof body.prompt === 'string' ? body.prompt : (origin?.prompt ?? ''),
      prompt_en: '',
      description,
      state: typeof body.state === 'string' ? body.state : '',
      submit_time: Date.now(),
      start_time: 0,
      finish_time: 0,
      image_url: '',
      status: accepted ? 'SUBMITTED' : 'FAILURE',
      // A refused submission is finished at once: there is nothing to poll and nothing to refund.
      progress: accepted && mjId ? '0%' : DONE,
      fail_reason: accepted ? '' : description,
      channel_id: channel.id,
      quota: 0,
      token_id: caller.token?.id ?? 0,
      buttons: JSON.stringify(answer.buttons ?? []),
      properties: JSON.stringify(properties),
    };
    if (answer.code === 21 && properties.status === 'SUCCESS') {
      // The proxy already has this image: the task is done.
      row.status = 'SUCCESS';
      row.progress = DONE;
      row.image_url = typeof properties.imageUrl === 'string' ? properties.imageUrl : '';
      row.start_time = row.finish_time = row.submit_time;
      row.code = 1;
    }
    if (action === 'UPLOAD' && answer.code === 1) {
      row.status = 'SUCCESS';
      row.progress = DONE;
    }
    if ((answer.code === 21 && !FREE_ACTIONS.has(action)) || answer.code === 22) answer.code = 1;

    // The row first: a charged task always has the row its refund needs. The hold covers the
    // whole price, so the settlement charges exactly `quota`.
    if (accepted && hold) row.quota = quota;
    await ctx.db.insertInto('midjourneys').values(row).execute();
    // The log row travels with the charge (one transaction).
    if (accepted && hold) {
      const charge = {
        model,
        action,
        mjId,
        modelPrice,
        groupRatio,
        channelId: channel.id,
        requestId: request.id,
      };
      await ctx.ledger.settle(hold, {
        quota,
        channelId: channel.id,
        log: (charged) => (charged > 0 ? mjLogRow(relay, caller, { ...charge, quota: charged }) : null),
      });
    }
    await reply.code(200).header('content-type', 'application/json').send(JSON.stringify(answer));
  } finally {
    if (hold) ctx.ledger.release(hold);
  }
}

/** The proxy's own validation, answered as code 4 before anything is held. */
function resolveOrRefuse(route: SubmitRoute, body: Record<string, unknown>) {
  try {
    return resolveAction(route, body);
  } catch (err) {
    throw requestError((err as Error).message);
  }
}

/** ModelPrice (or its built-in default, else 0.1 USD) × group ratio, in quota, truncated. */
export function mjPrice(relay: Relay, model: string, action: MjAction, group: string) {
  const { options } = relay.ctx;
  const prices = options.json<Record<string, number>>('ModelPrice');
  const modelPrice = prices[model] ?? DEFAULT_MODEL_PRICE[model] ?? 0.1;
  const groupRatio = options.json<Record<string, number>>('GroupRatio')[group] ?? 1;
  const quota = FREE_ACTIONS.has(action)
    ? 0
    : Math.trunc(modelPrice * groupRatio * options.num('QuotaPerUnit'));
  return { modelPrice, groupRatio, quota };
}

async function takeHold(
  relay: Relay,
  caller: RelayCaller,
  amount: number,
  requestId: string,
): Promise<QuotaHold> {
  try {
    return await holdForCaller(relay.ctx.ledger, caller, amount, requestId);
  } catch (err) {
    if (err instanceof InsufficientQuotaError) throw requestError('quota_not_enough');
    throw err;
  }
}

interface MjCharge {
  model: string;
  action: MjAction;
  mjId: string;
  quota: number;
  modelPrice: number;
  groupRatio: number;
  channelId: number;
  requestId: string;
}

function mjLogRow(relay: Relay, caller: RelayCaller, c: MjCharge): LogInput | null {
  const { ctx } = relay;
  if (!ctx.options.bool('LogConsumeEnabled')) return null;
  return {
    user_id: caller.user.id,
    type: LogType.Consume,
    content: `模型固定价格 ${c.modelPrice.toFixed(2)}，分组倍率 ${c.groupRatio.toFixed(2)}，操作 ${c.action}，ID ${c.mjId}`,
    username: caller.user.username,
    token_name: caller.tokenName,
    token_id: caller.token?.id ?? 0,
    model_name: c.model,
    quota: c.quota,
    channel_id: c.channelId,
    group: caller.group,
    other: JSON.stringify({ model_price: c.modelPrice, group_ratio: c.groupRatio }),
    request_id: c.requestId,
  };
}
