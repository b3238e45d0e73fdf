import { LogType } from '@gateway/contract';
import type { AppContext } from '../context.js';
import type { LogInput } from '../modules/logs/writer.js';
import type { RelayCaller } from './auth/relay-auth.js';
import { chargedRow } from './billing/charged-row.js';
import { pricingModelName, type Price, type Usage } from './billing/pricing.js';
import type { InboundRequest } from './providers/types.js';

export interface ConsumeRecord {
  caller: RelayCaller;
  inbound: InboundRequest;
  price: Price;
  usage: Usage;
  /** What the usage costs (the flush may charge less: chargedRow notes the cut). */
  quota: number;
  channelId: number;
  usedChannels: number[];
  upstreamModel: string;
  requestId: string;
  elapsedMs: number;
  frt: number | null;
  notes: string[];
  countedLocally: boolean;
}

const f2 = (n: number) => n.toFixed(2);

/**
 * The log row of a charge, for the ledger (Settlement.log): built now, at settlement, from what
 * the usage cost (`r.quota`); the flush only rewrites it in the rare case that it charges less.
 * Why now and not at the flush: a closure over the record would keep the request, the reply and
 * the upstream answer alive for a whole flush interval, long enough to survive young-generation
 * garbage collections and be promoted (most of the extra GC work that came with the money
 * flush, see bench/RESULTS.md). `use_time` is also measured when the request ends, not at the flush.
 */
export function chargeLog(ctx: AppContext, r: ConsumeRecord): (charged: number) => LogInput | null {
  return chargedRow(consumeLogRow(ctx, r));
}

/** The consume log row of a relayed call (null when consume logging is off). */
function consumeLogRow(ctx: AppContext, r: ConsumeRecord): LogInput | null {
  if (!ctx.options.bool('LogConsumeEnabled')) return null;
  const { price } = r;
  let content = price.usePrice
    ? `模型价格 ${f2(price.modelPrice)}，分组倍率 ${f2(price.groupRatio)}`
    : `模型倍率 ${f2(price.modelRatio)}，补全倍率 ${f2(price.completionRatio)}，分组倍率 ${f2(price.groupRatio)}`;
  for (const note of r.notes) content += `，${note}`;
  const other: Record<string, unknown> = {
    model_ratio: price.modelRatio,
    group_ratio: price.groupRatio,
    completion_ratio: price.completionRatio,
    model_price: price.usePrice ? price.modelPrice : -1,
    cache_tokens: r.usage.cachedTokens,
    cache_ratio: price.cacheRatio,
    request_path: r.inbound.path,
    admin_info: { use_channel: r.usedChannels.map(String) },
  };
  const audioIn = r.usage.audioPromptTokens ?? 0;
  const audioOut = r.usage.audioCompletionTokens ?? 0;
  if (audioIn + audioOut > 0 && !price.usePrice) {
    content += `，音频倍率 ${f2(price.audioRatio)}，音频补全倍率 ${f2(price.audioCompletionRatio)}`;
    other.audio = true;
    other.audio_input = audioIn;
    other.audio_output = audioOut;
    other.text_input = r.usage.promptTokens - audioIn;
    other.text_output = r.usage.completionTokens - audioOut;
    other.audio_ratio = price.audioRatio;
    other.audio_completion_ratio = price.audioCompletionRatio;
  }
  if (r.inbound.mode === 'realtime') other.ws = true;
  if (r.usage.cacheCreationTokens) {
    other.cache_creation_tokens = r.usage.cacheCreationTokens;
    other.cache_creation_ratio = price.cacheCreationRatio;
  }
  if (r.frt !== null) other.frt = r.frt;
  if (r.upstreamModel !== r.inbound.model) {
    other.is_model_mapped = true;
    other.upstream_model_name = r.upstreamModel;
  }
  if (r.countedLocally) other.usage_counted_locally = true;
  const effort = r.inbound.body?.reasoning_effort;
  if (typeof effort === 'string') other.reasoning_effort = effort;
  return {
    user_id: r.caller.user.id,
    type: LogType.Consume,
    content,
    username: r.caller.user.username,
    token_name: r.caller.tokenName,
    token_id: r.caller.token?.id ?? 0,
    model_name: pricingModelName(r.inbound.model),
    quota: r.quota,
    prompt_tokens: r.usage.promptTokens,
    completion_tokens: r.usage.completionTokens,
    use_time: Math.round(r.elapsedMs / 1000),
    is_stream: r.inbound.stream ? 1 : 0,
    channel_id: r.channelId,
    group: r.caller.group,
    other: JSON.stringify(other),
    request_id: r.requestId,
  };
}
