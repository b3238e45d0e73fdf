import type { FastifyReply } from 'fastify';
import type { RelayCaller } from './auth/relay-auth.js';
import { scrubUpstreamMessage, type Delivered, type RequestState } from './attempt.js';
import type { QuotaHold } from './billing/ledger.js';
import { deliveredImageQuota, deliveredImages } from './billing/media-pricing.js';
import { chargeQuota, type Price, type Usage } from './billing/pricing.js';
import { resolveUsage } from './billing/usage.js';
import { walkAway } from './client-gone.js';
import { withComputedUsage } from './computed-usage.js';
import { chargeLog } from './consume-log.js';
import { RelayError } from './errors.js';
import { clientFormatOf } from './formats/registry.js';
import type { InboundRequest, UpstreamTarget } from './providers/types.js';
import type { Relay } from './relay.js';
import type { RuntimeChannel } from './routing/runtime-channel.js';

/** An upstream answer that reached (or is about to reach) the client, with where it came from. */
export type DeliveredOutcome = Delivered & {
  channel: RuntimeChannel;
  target: UpstreamTarget;
  used: number[];
};

const INTERRUPTION_NOTE = { client_aborted: '客户端中断', upstream_broken: '上游中断' } as const;

/**
 * Settles a delivered answer exactly once: usage (reported, or counted locally), the charge, the
 * answer or the stream's closing frames, and the log row.
 */
export interface SettleInput {
  caller: RelayCaller;
  inbound: InboundRequest;
  price: Price;
  hold: QuotaHold;
  image: { quota: number; count: number; note: string } | null;
  state: RequestState;
  reply: FastifyReply;
}

export async function settle(relay: Relay, outcome: DeliveredOutcome, s: SettleInput) {
  const { ctx } = relay;
  let usage: Usage;
  let counted = false;
  try {
    ({ usage, counted } = await resolveUsage(
      s.inbound,
      outcome.usage,
      outcome.produced,
      outcome.target.upstreamModel,
      outcome.interruption !== undefined,
    ));
  } catch {
    usage = { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 };
  }
  let quota: number;
  if (s.image) {
    const delivered = outcome.answer ? deliveredImages(outcome.answer.body) : null;
    const count = delivered === null ? s.image.count : Math.min(delivered, s.image.count);
    usage = { ...usage, promptTokens: count };
    quota = deliveredImageQuota(s.image.quota, s.image.count, delivered);
  } else quota = chargeQuota(s.price, usage);
  // Gone while the usage was being counted: nothing reached the client, so nothing is charged
  // (the caller's finally releases the hold).
  if (outcome.answer && s.state.clientGone) return walkAway(s.reply);
  const notes: string[] = [];
  if (s.image) notes.push(s.image.note);
  if (outcome.interruption) notes.push(INTERRUPTION_NOTE[outcome.interruption]);
  // The log row is queued with the charge (one transaction): it is built from what was charged.
  // The hold is still open here (settle runs once per request), so the result is never null.
  const settled =
    (await ctx.ledger.settle(s.hold, {
      quota,
      channelId: outcome.channel.id,
      log: chargeLog(ctx, {
        caller: s.caller,
        inbound: s.inbound,
        price: s.price,
        usage,
        quota,
        channelId: outcome.channel.id,
        usedChannels: outcome.used,
        upstreamModel: outcome.target.upstreamModel,
        requestId: s.state.requestId,
        elapsedMs: performance.now() - s.state.startedAt,
        frt: outcome.frt,
        notes,
        countedLocally: counted,
      }),
    })) ?? quota;
  ctx.quotaWarnings.afterCharge(s.caller.user, settled);

  // The answer leaves only once its charge is queued: whoever reads the balance after it sees it.
  if (outcome.answer) {
    // Usage counted here (the upstream gave none) is told to the client as it was billed.
    const body =
      (counted && !s.image && withComputedUsage(s.inbound.mode, outcome.answer.body, usage)) ||
      outcome.answer.body;
    await s.reply.code(200).header('content-type', outcome.answer.contentType).send(body);
  }

  if (outcome.stream) {
    const { client, translator } = outcome.stream;
    if (outcome.interruption === 'upstream_broken') {
      const broken = translator.failure
        ? new RelayError(
            translator.failure.status,
            scrubUpstreamMessage(translator.failure.message, outcome.target),
            'stream_broken',
            {
              local: false,
              type: translator.failure.type,
            },
          )
        : new RelayError(502, 'upstream stream broken', 'stream_broken', {
            local: false,
            type: 'upstream_error',
          });
      client.end(clientFormatOf(s.inbound.mode).streamErrorFrame(broken, s.state.requestId));
    } else client.end(translator.finish(usage));
  }
}
