import type { FastifyRequest } from 'fastify';
import type { WebSocket as UpstreamSocket } from 'undici';
import type { RelayCaller } from '../auth/relay-auth.js';
import type { QuotaHold } from '../billing/ledger.js';
import { chargeQuota, type Price, type Usage } from '../billing/pricing.js';
import { chargeLog } from '../consume-log.js';
import { RelayError } from '../errors.js';
import type { InboundRequest, UpstreamTarget } from '../providers/types.js';
import type { Relay } from '../relay.js';
import { pickChannel } from '../routing/select.js';
import { SessionBudget } from './budget.js';
import { connectUpstream, type UpstreamConnection } from './upstream.js';
import { addUsage, realtimeUsage } from './usage.js';

/** The client's socket as @fastify/websocket hands it over (a `ws` WebSocket). */
export interface ClientSocket {
  readonly readyState: number;
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close', listener: () => void): void;
}

const OPEN = 1;
const ZERO: Usage = { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 };

export interface SessionInput {
  relay: Relay;
  request: FastifyRequest;
  caller: RelayCaller;
  inbound: InboundRequest;
  price: Price;
  hold: QuotaHold;
  recordSuccess: (() => void) | null;
}

/**
 * What the client sends, listened to from the moment its socket opens: events sent while the
 * hold is taken and the upstream connects are kept and forwarded once it is open.
 */
export class ClientInbox {
  closed = false;
  private upstream: UpstreamSocket | null = null;
  private readonly pending: string[] = [];

  constructor(client: ClientSocket) {
    client.on('message', (data) => {
      const text = data.toString('utf8');
      if (this.upstream) this.upstream.send(text);
      else this.pending.push(text);
    });
    client.on('close', () => {
      this.closed = true;
      this.upstream?.close();
    });
  }

  attach(upstream: UpstreamSocket) {
    this.upstream = upstream;
    for (const text of this.pending.splice(0)) upstream.send(text);
  }
}

/** A Realtime error event, the only error shape a WebSocket client reads. */
export function errorEvent(err: RelayError, requestId: string): string {
  return JSON.stringify({
    type: 'error',
    event_id: `evt_${requestId}`,
    error: {
      type: err.type,
      code: err.code,
      message: `${err.message} (request id: ${requestId})`,
      param: null,
    },
  });
}

/**
 * One Realtime session: the upstream socket is opened on the first channel that accepts it
 * (others are tried like any failed attempt, for free), then events flow both ways unchanged.
 * Usage is read from each `response.done`; the session is charged once, when either side closes,
 * for the sum of its responses.
 */
export async function runSession(client: ClientSocket, inbox: ClientInbox, s: SessionInput): Promise<void> {
  const { relay, request, caller, inbound } = s;
  const startedAt = performance.now();
  const clientClosed = () => inbox.closed;

  const connected = await connect(s, clientClosed);
  if (!connected) {
    relay.ctx.ledger.release(s.hold);
    if (client.readyState === OPEN) {
      const err = new RelayError(
        503,
        `当前分组 ${caller.group} 下对于模型 ${inbound.model} 无可用渠道`,
        'model_not_found',
      );
      client.send(errorEvent(err, request.id));
      client.close(1011);
    }
    return;
  }
  const { connection, target, used } = connected;
  const { socket } = connection;
  if (inbox.closed) {
    socket.close();
    relay.ctx.ledger.release(s.hold);
    return;
  }
  inbox.attach(socket);

  let usage = ZERO;
  let responses = 0;
  const budget = new SessionBudget(s, () => {
    // The payer cannot cover what the session has used: it ends here, billed what it used
    // (capped at the balance by the settlement, the rest recorded as overdraft).
    if (client.readyState === OPEN) {
      client.send(errorEvent(budget.refusal(), request.id));
      client.close(1008);
    }
    socket.close();
  });
  connection.onMessage((data) => {
    if (typeof data === 'string') {
      const more = realtimeUsage(data);
      if (more) {
        usage = addUsage(usage, more);
        responses += 1;
      }
      if (client.readyState === OPEN) client.send(data);
      if (more) budget.check(usage);
    } else if (client.readyState === OPEN) client.send(Buffer.from(data as ArrayBuffer));
  });
  await new Promise<void>((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve();
    socket.addEventListener('close', () => {
      if (client.readyState === OPEN) client.close(1000);
      resolve();
    });
  });

  if (responses === 0 && !s.price.usePrice) {
    relay.ctx.ledger.release(s.hold);
    return;
  }
  const quota = chargeQuota(s.price, usage);
  // The log row travels with the charge (one transaction).
  await relay.ctx.ledger.settle(s.hold, {
    quota,
    channelId: target.channel.id,
    log: chargeLog(relay.ctx, {
      caller,
      inbound,
      price: s.price,
      usage,
      quota,
      channelId: target.channel.id,
      usedChannels: used,
      upstreamModel: target.upstreamModel,
      requestId: request.id,
      elapsedMs: performance.now() - startedAt,
      frt: null,
      notes: [`实时会话，${responses} 次响应`],
      countedLocally: false,
    }),
  });
  s.recordSuccess?.();
}

/** Tries the model's channels in routing order until one accepts the socket. */
async function connect(
  s: SessionInput,
  clientGone: () => boolean,
): Promise<{ connection: UpstreamConnection; target: UpstreamTarget; used: number[] } | null> {
  const { relay, caller, inbound, request } = s;
  const tiers = relay.routing.tiersFor(caller.group, inbound.model, 'realtime');
  const tried = new Set<number>();
  const used: number[] = [];
  const retries = relay.ctx.options.num('RetryTimes');
  const beta = request.headers['openai-beta'];
  for (let i = 0; i <= retries && !clientGone(); i++) {
    const channel = pickChannel(tiers, tried);
    if (!channel) break;
    tried.add(channel.id);
    used.push(channel.id);
    const target = relay.target(channel, inbound);
    try {
      const connection = await connectUpstream(target, typeof beta === 'string' ? beta : undefined);
      return { connection, target, used };
    } catch {
      const err = new RelayError(
        502,
        'the upstream refused the realtime session',
        'realtime_connect_failed',
        {
          local: false,
          type: 'upstream_error',
        },
      );
      void relay.health.onFailure(channel, err, 0).catch(() => undefined);
    }
  }
  return null;
}
