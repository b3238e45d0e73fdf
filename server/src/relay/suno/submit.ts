import { ChannelStatus, DEFAULT_MODEL_PRICE, TASK_PLATFORM_SUNO, TaskStatus } from '@gateway/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayCaller } from '../auth/relay-auth.js';
import { InsufficientQuotaError, type QuotaHold } from '../billing/ledger.js';
import { holdForCaller } from '../billing/caller-hold.js';
import { chargeQuota, lookupPrice, type Price } from '../billing/pricing.js';
import { chargeLog } from '../consume-log.js';
import { RelayError } from '../errors.js';
import type { InboundRequest } from '../providers/types.js';
import type { Relay } from '../relay.js';
import { shouldRetry } from '../retry-policy.js';
import { pickChannel } from '../routing/select.js';
import type { RuntimeChannel } from '../routing/runtime-channel.js';
import { insertTask, userTasks } from './task-store.js';
import { submitUpstream, SubmitFailure, type SubmitResult } from './upstream.js';
import { ACTION_MODEL, badRequest, submitBody, type SunoAction, type SubmitBody } from './wire.js';

const NO_USAGE = { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 };

/** Per-call USD price when an operator priced the action by ratio instead (the reference's fallback). */
const FALLBACK_PRICE = 0.1;

/**
 * Tasks are priced per call: ModelPrice, or when the action has only a ratio, its built-in price
 * (else $0.1), so a task is never free by accident.
 */
export function taskPrice(price: Price, model: string): Price {
  if (price.usePrice) return price;
  const modelPrice = DEFAULT_MODEL_PRICE[model] ?? FALLBACK_PRICE;
  return { ...price, usePrice: true, modelPrice, modelRatio: 0, completionRatio: 0 };
}

/** price × QuotaPerUnit × group ratio, rounded like every fixed price. */
export const taskQuota = (price: Price): number => chargeQuota(price, NO_USAGE);

/**
 * POST /suno/submit/:action: price → hold → upstream submission (retried elsewhere while the
 * upstream itself failed) → task row → charge and consume log. A refused or failed submission
 * costs nothing; the hold is given back exactly once.
 */
export async function submitSunoTask(
  relay: Relay,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: RelayCaller,
  action: SunoAction,
) {
  const { ctx } = relay;
  const startedAt = performance.now();
  const parsed = submitBody.safeParse(request.body ?? {});
  if (!parsed.success) throw badRequest('无效的请求参数', 'invalid_request');
  const body: SubmitBody = { ...parsed.data };
  if (action === 'MUSIC' && !body.mv) body.mv = 'chirp-v3-0';
  if (action === 'LYRICS' && !body.prompt?.trim()) throw badRequest('prompt 不能为空', 'prompt_empty');
  const model = ACTION_MODEL[action];
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(model)) {
    throw new RelayError(403, `该令牌无权访问模型 ${model}`, 'model_not_allowed');
  }
  const word = relay.sensitiveWords.check(
    [body.prompt, body.gpt_description_prompt, body.title, body.tags].filter((t): t is string => !!t),
  );
  if (word !== null) {
    request.log.info({ word }, 'suno prompt refused: sensitive word');
    throw badRequest('sensitive words detected', 'sensitive_words_detected');
  }
  const pinned = await pinnedChannel(relay, caller, model, body);
  const price = taskPrice(lookupPrice(ctx.options, model, caller.group, caller.user), model);
  const quota = taskQuota(price);
  const hold = await takeHold(relay, caller, quota, request.id);
  try {
    const { result, channel, used } = await submitWithRetries(relay, caller, model, pinned, action, body);
    const submitTime = Math.floor(Date.now() / 1000);
    await insertTask(ctx, {
      created_at: submitTime,
      updated_at: submitTime,
      task_id: result.taskId,
      platform: TASK_PLATFORM_SUNO,
      user_id: caller.user.id,
      token_id: caller.token?.id ?? 0,
      channel_id: channel.id,
      quota,
      action,
      status: TaskStatus.NotStart,
      fail_reason: '',
      submit_time: submitTime,
      start_time: 0,
      finish_time: 0,
      progress: '0%',
      properties: JSON.stringify({ input: body.gpt_description_prompt || body.prompt || '' }),
      data: null,
    });
    // The log row travels with the charge (one transaction).
    await ctx.ledger.settle(hold, {
      quota,
      channelId: channel.id,
      log: chargeLog(ctx, {
        caller,
        inbound: inboundOf(request, model, body),
        price,
        usage: NO_USAGE,
        quota,
        channelId: channel.id,
        usedChannels: used,
        upstreamModel: model,
        requestId: request.id,
        elapsedMs: performance.now() - startedAt,
        frt: null,
        notes: [`任务 ${result.taskId}`],
        countedLocally: false,
      }),
    });
    await reply.code(200).header('content-type', result.contentType).send(result.body);
  } finally {
    ctx.ledger.release(hold);
  }
}

/**
 * The one channel a submission must use, or null to route it. Continuing a clip goes to the
 * channel of the task it continues (the upstream knows the clip only there), which must be the
 * caller's own; an admin's `sk-<key>-<channel>` pins its channel.
 */
async function pinnedChannel(
  relay: Relay,
  caller: RelayCaller,
  model: string,
  body: SubmitBody,
): Promise<RuntimeChannel | null> {
  if (body.continue_clip_id) {
    if (!body.task_id) throw badRequest('task_id 不能为空', 'task_id_empty');
    const [origin] = await userTasks(relay.ctx, caller.user.id, [body.task_id]);
    if (!origin) throw badRequest('任务不存在', 'task_not_exist');
    return usableChannel(relay, origin.channel_id);
  }
  if (caller.pinnedChannelId !== null) return usableChannel(relay, caller.pinnedChannelId);
  if (relay.routing.tiers(caller.group, model).length === 0) {
    throw new RelayError(404, `当前分组 ${caller.group} 下对于模型 ${model} 无可用渠道`, 'model_not_found');
  }
  if (relay.routing.tiersFor(caller.group, model, 'suno').length === 0) {
    throw new RelayError(400, `模型 ${model} 没有可以处理 Suno 任务的渠道`, 'invalid_api_type');
  }
  return null;
}

function usableChannel(relay: Relay, id: number): RuntimeChannel {
  const channel = relay.routing.channel(id);
  if (!channel) throw badRequest('无效的渠道 Id', 'invalid_channel_id');
  if (channel.status !== ChannelStatus.Enabled)
    throw new RelayError(403, '该渠道已被禁用', 'channel_disabled');
  return channel;
}

async function submitWithRetries(
  relay: Relay,
  caller: RelayCaller,
  model: string,
  pinned: RuntimeChannel | null,
  action: SunoAction,
  body: SubmitBody,
): Promise<{ result: SubmitResult; channel: RuntimeChannel; used: number[] }> {
  const tiers = relay.routing.tiersFor(caller.group, model, 'suno');
  const retries = pinned ? 0 : relay.ctx.options.num('RetryTimes');
  const used: number[] = [];
  let lastError: RelayError | null = null;
  for (let i = 0; i <= retries; i++) {
    const channel = pinned ?? pickChannel(tiers, new Set(used));
    if (!channel) break;
    used.push(channel.id);
    try {
      const result = await submitUpstream(relay, channel, action, body);
      return { result, channel, used };
    } catch (err) {
      if (!(err instanceof SubmitFailure)) throw err;
      lastError = err.error;
      void relay.health.onFailure(channel, err.error, err.upstreamStatus).catch(() => undefined);
      if (!shouldRetry(err.error, err.upstreamStatus)) break;
    }
  }
  throw (
    lastError ??
    new RelayError(503, `当前分组 ${caller.group} 下对于模型 ${model} 无可用渠道`, 'model_not_found')
  );
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
    if (!(err instanceof InsufficientQuotaError)) throw err;
    const who = err.payer === 'token' ? '令牌' : '用户';
    throw new RelayError(
      403,
      `${who}额度不足：剩余 ${err.available}，需要 ${err.needed}`,
      'quota_not_enough',
    );
  }
}

/** The request as the consume log records it (path, model, body). */
function inboundOf(request: FastifyRequest, model: string, body: SubmitBody): InboundRequest {
  return {
    mode: 'suno',
    path: request.url.split('?')[0]!,
    query: '',
    body,
    raw: Buffer.alloc(0),
    contentType: 'application/json',
    model,
    stream: false,
    clientWantsUsage: false,
  };
}
