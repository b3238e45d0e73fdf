import { ChannelStatus } from '@gateway/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayCaller } from './auth/relay-auth.js';
import { attempt, type AttemptResult, type RequestState } from './attempt.js';
import { InsufficientQuotaError, type QuotaHold } from './billing/ledger.js';
import { holdForCaller } from './billing/caller-hold.js';
import { imageQuota } from './billing/media-pricing.js';
import { holdQuota, lookupPrice } from './billing/pricing.js';
import { estimatePromptTokens, inputText } from './billing/token-count.js';
import { geminiEmbedTexts, isBatchEmbedPath } from './formats/gemini/embeddings.js';
import { walkAway, watchClient } from './client-gone.js';
import { RelayError } from './errors.js';
import { promptTexts } from './moderation/sensitive-words.js';
import { chatFormatOf } from './formats/registry.js';
import { readInbound, requestedMaxTokens } from './inbound.js';
import { adapterFor } from './providers/registry.js';
import type { InboundRequest, RelayMode } from './providers/types.js';
import type { Relay } from './relay.js';
import { shouldRetry } from './retry-policy.js';
import type { Tier } from './routing/routing-table.js';
import { pickChannel } from './routing/select.js';
import type { RuntimeChannel } from './routing/runtime-channel.js';
import { settle, type DeliveredOutcome } from './settlement.js';

type Outcome =
  | DeliveredOutcome
  | { kind: 'failed'; error: RelayError; used: number[] }
  | { kind: 'aborted'; used: number[] };

/**
 * authenticate → price → hold → pick channel → call (retrying elsewhere while nothing was sent)
 * → settle exactly once (or release) → log.
 */
export async function handleRelay(
  relay: Relay,
  request: FastifyRequest,
  reply: FastifyReply,
  mode: RelayMode,
  caller: RelayCaller,
  pathModel?: string,
  /** The request already parsed by a route that needed its body first (the playground's group). */
  parsed?: InboundRequest,
): Promise<void> {
  const { ctx } = relay;
  const state: RequestState = {
    requestId: request.id,
    startedAt: performance.now(),
    abort: new AbortController(),
    clientGone: false,
    pingSeconds: ctx.options.bool('general_setting.ping_interval_enabled')
      ? ctx.options.num('general_setting.ping_interval_seconds')
      : 0,
  };
  watchClient(reply, state);
  // Before any other check: the total limit counts failed requests too.
  const recordSuccess = await relay.limiter.begin(caller.user.id);
  const inbound = parsed ?? (await readInbound(request, mode, pathModel));
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(inbound.model)) {
    throw new RelayError(403, `该令牌无权访问模型 ${inbound.model}`, 'model_not_allowed');
  }
  if (caller.pinnedChannelId === null) {
    const all = relay.routing.tiers(caller.group, inbound.model);
    if (all.length === 0) throw unknownModel(caller.group, inbound.model);
    const first = all[0]!.members[0]!.channel;
    if (relay.routing.tiersFor(caller.group, inbound.model, mode).length === 0) throw unsupported(first.id);
  }
  // Before any quota is held: a refused prompt costs nothing. The word stays in the server log.
  const word = relay.sensitiveWords.check(promptTexts(inbound.body));
  if (word !== null) {
    request.log.info({ word }, 'prompt refused: sensitive word');
    throw new RelayError(400, 'sensitive words detected', 'sensitive_words_detected');
  }
  const price = lookupPrice(ctx.options, inbound.model, caller.group, caller.user);
  const image = mode === 'images' && inbound.body ? imageQuota(price, inbound.body, inbound.model) : null;
  const format = chatFormatOf(mode);
  const promptEstimate =
    format && inbound.body
      ? format.estimatePromptTokens(inbound.body)
      : estimatePromptTokens(inbound.body?.messages, promptText(inbound));
  const amount =
    image?.quota ??
    holdQuota(price, promptEstimate, requestedMaxTokens(inbound), ctx.options.num('PreConsumedQuota'));
  // A client gone before or during the hold costs nothing and no upstream call is made.
  if (state.clientGone) return walkAway(reply);
  const hold = await takeHold(relay, caller, amount, request.id);

  try {
    if (state.clientGone) return walkAway(reply);
    const outcome = await runAttempts(relay, inbound, caller, state, reply, promptEstimate);
    if (outcome.kind === 'failed') throw outcome.error;
    if (outcome.kind === 'aborted') return walkAway(reply);
    await settle(relay, outcome, { caller, inbound, price, hold, image, state, reply });
    if (!outcome.interruption) recordSuccess?.();
  } finally {
    // A no-op once settled: any path that did not settle gives the hold back, exactly once.
    ctx.ledger.release(hold);
  }
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
    if (err.payer === 'token') {
      throw new RelayError(
        403,
        `令牌额度不足：剩余 ${err.available}，需要 ${err.needed}`,
        'pre_consume_token_quota_failed',
      );
    }
    throw new RelayError(
      403,
      `用户额度不足：剩余 ${err.available}，需要 ${err.needed}`,
      'insufficient_user_quota',
    );
  }
}

async function runAttempts(
  relay: Relay,
  inbound: InboundRequest,
  caller: RelayCaller,
  state: RequestState,
  reply: FastifyReply,
  promptEstimate: number,
): Promise<Outcome> {
  const { ctx, routing } = relay;
  const used: number[] = [];
  const tiers = routing.tiersFor(caller.group, inbound.model, inbound.mode);
  // Channels whose max_input_tokens the (estimated) prompt exceeds are never tried.
  const tried = tooLongFor(tiers, promptEstimate);
  const unfit = tried.size;
  const retries = caller.pinnedChannelId === null ? ctx.options.num('RetryTimes') : 0;
  let lastError: RelayError | null = null;
  for (let i = 0; i <= retries; i++) {
    if (state.clientGone) return { kind: 'aborted', used };
    const channel =
      caller.pinnedChannelId === null
        ? pickChannel(tiers, tried)
        : pinnedChannel(relay, caller.pinnedChannelId);
    if (!channel) break;
    tried.add(channel.id);
    used.push(channel.id);
    // Routing offers only capable channels; a pinned channel may still be of the wrong type.
    const target = relay.target(channel, inbound);
    // Some types (Vertex AI) pick their upstream family by the model they are sent.
    const adapter = adapterFor(channel.type, inbound.mode, target.upstreamModel);
    if (!adapter) throw unsupported(channel.id);
    const result: AttemptResult = await attempt(relay.upstream, adapter, inbound, target, state, reply);
    if (result.kind === 'delivered') return { ...result, channel, target, used };
    if (result.kind === 'aborted') return { kind: 'aborted', used };
    lastError = result.error;
    void relay.health.onFailure(channel, result.error, result.upstreamStatus).catch(() => undefined);
    if (state.clientGone) return { kind: 'aborted', used };
    if (!shouldRetry(result.error, result.upstreamStatus)) break;
  }
  if (lastError?.status === 429) {
    lastError = new RelayError(429, '当前分组上游负载已饱和，请稍后再试', lastError.code, lastError.options);
  }
  if (!lastError && unfit > 0) {
    lastError = new RelayError(
      400,
      `请求内容（约 ${promptEstimate} tokens）超过了可用渠道的最大输入长度`,
      'context_length_exceeded',
      { type: 'invalid_request_error' },
    );
  }
  return {
    kind: 'failed',
    used,
    error: lastError ?? noChannel(caller.group, inbound.model),
  };
}

/** The input text of a non-chat request, for the hold's estimate. */
function promptText(inbound: InboundRequest): string {
  const body = inbound.body;
  if (!body) return '';
  if (inbound.mode === 'gemini-embed')
    return geminiEmbedTexts(body, isBatchEmbedPath(inbound.path)).join('\n');
  return inputText(body.input ?? body.prompt);
}

const noChannel = (group: string, model: string) =>
  new RelayError(503, `当前分组 ${group} 下对于模型 ${model} 无可用渠道`, 'model_not_found');

/**
 * No channel of the caller's group lists the model: for this caller it does not exist, a 404 as
 * OpenAI answers. (503 stays for a known model whose channels all failed or are unavailable.)
 */
const unknownModel = (group: string, model: string) =>
  new RelayError(404, `当前分组 ${group} 下对于模型 ${model} 无可用渠道`, 'model_not_found');

/** The model has channels, but none of a type that can serve this endpoint (yet). */
const unsupported = (channelId: number) =>
  new RelayError(400, `渠道 #${channelId} 的类型暂不支持此接口`, 'invalid_api_type');

function tooLongFor(tiers: readonly Tier[], promptTokens: number): Set<number> {
  const out = new Set<number>();
  for (const tier of tiers) {
    for (const { channel } of tier.members) {
      if (channel.maxInputTokens > 0 && promptTokens > channel.maxInputTokens) out.add(channel.id);
    }
  }
  return out;
}

function pinnedChannel(relay: Relay, id: number): RuntimeChannel {
  const channel = relay.routing.channel(id);
  if (!channel) throw new RelayError(400, '无效的渠道 Id', 'invalid_channel_id');
  if (channel.status !== ChannelStatus.Enabled)
    throw new RelayError(403, '该渠道已被禁用', 'channel_disabled');
  return channel;
}
