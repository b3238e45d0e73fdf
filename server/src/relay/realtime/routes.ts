import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RelayCaller } from '../auth/relay-auth.js';
import { InsufficientQuotaError } from '../billing/ledger.js';
import { holdQuota, lookupPrice } from '../billing/pricing.js';
import { RelayError } from '../errors.js';
import type { InboundRequest } from '../providers/types.js';
import { ClientInbox, errorEvent, runSession, type ClientSocket, type SessionInput } from './session.js';

/** Browsers cannot set headers on a WebSocket: OpenAI's SDKs send the key as a subprotocol. */
const KEY_PROTOCOL = 'openai-insecure-api-key.';

function keyFromSubprotocol(request: FastifyRequest) {
  if (request.headers.authorization) return;
  const offered = String(request.headers['sec-websocket-protocol'] ?? '').split(',');
  const key = offered.map((p) => p.trim()).find((p) => p.startsWith(KEY_PROTOCOL));
  if (key) request.headers.authorization = `Bearer ${key.slice(KEY_PROTOCOL.length)}`;
}

/**
 * `GET /v1/realtime?model=…`: the OpenAI Realtime WebSocket, relayed to OpenAI channels. The key
 * and model checks run before the upgrade, so a refusal is an HTTP error in OpenAI's shape; the
 * session's quota is held once the socket is open and settled when it closes.
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  caller: (request: FastifyRequest) => Promise<RelayCaller>,
) {
  const sessions = new WeakMap<FastifyRequest, Prepared>();
  await app.register(async (scope) => {
    await scope.register(websocket);
    scope.get(
      '/v1/realtime',
      {
        websocket: true,
        preValidation: async (request) => {
          keyFromSubprotocol(request);
          sessions.set(request, await prepare(ctx, request, await caller(request)));
        },
      },
      (socket: ClientSocket, request) => {
        const prepared = sessions.get(request);
        if (!prepared) return socket.close(1011);
        // Listening starts now: the client may send its first events before the hold is taken.
        const inbox = new ClientInbox(socket);
        start(ctx, socket, inbox, prepared).catch((err: unknown) => {
          request.log.error({ err }, 'realtime session failed');
          if (socket.readyState === 1) {
            socket.send(errorEvent(new RelayError(500, 'internal error', 'internal_error'), request.id));
            socket.close(1011);
          }
        });
      },
    );
  });
}

type Prepared = Omit<SessionInput, 'hold'> & { amount: number };

/**
 * The hold is taken once the socket is open (a handshake that fails after the checks would
 * otherwise leave it open); a refusal then is an error event, the socket's only error shape.
 */
async function start(ctx: AppContext, socket: ClientSocket, inbox: ClientInbox, prepared: Prepared) {
  const { amount, ...rest } = prepared;
  const { caller, request } = prepared;
  let hold;
  try {
    hold = await ctx.ledger.hold({
      requestId: request.id,
      userId: caller.user.id,
      tokenId: caller.token?.id ?? null,
      tokenUnlimited: caller.token?.unlimited ?? true,
      amount,
    });
  } catch (err) {
    if (!(err instanceof InsufficientQuotaError)) throw err;
    const token = err.payer === 'token';
    const message = `${token ? '令牌' : '用户'}额度不足：剩余 ${err.available}，需要 ${err.needed}`;
    const code = token ? 'pre_consume_token_quota_failed' : 'insufficient_user_quota';
    socket.send(errorEvent(new RelayError(403, message, code), request.id));
    socket.close(1008);
    return;
  }
  try {
    await runSession(socket, inbox, { ...rest, hold });
  } finally {
    // A no-op once settled: a session that failed half-way gives its hold back.
    ctx.ledger.release(hold);
  }
}

async function prepare(ctx: AppContext, request: FastifyRequest, caller: RelayCaller): Promise<Prepared> {
  const relay = ctx.relay;
  const recordSuccess = await relay.limiter.begin(caller.user.id);
  const model = String((request.query as { model?: unknown }).model ?? '').trim();
  if (!model)
    throw new RelayError(400, 'model is required', 'invalid_request', { type: 'invalid_request_error' });
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(model)) {
    throw new RelayError(403, `该令牌无权访问模型 ${model}`, 'model_not_allowed');
  }
  if (relay.routing.tiers(caller.group, model).length === 0) {
    throw new RelayError(404, `当前分组 ${caller.group} 下对于模型 ${model} 无可用渠道`, 'model_not_found');
  }
  if (relay.routing.tiersFor(caller.group, model, 'realtime').length === 0) {
    throw new RelayError(400, `模型 ${model} 的渠道类型暂不支持实时接口`, 'invalid_api_type');
  }
  const inbound: InboundRequest = {
    mode: 'realtime',
    path: '/v1/realtime',
    // Azure clients name their API version here (relay.target reads `api-version`).
    query: request.url.split('?')[1] ?? '',
    body: null,
    raw: Buffer.alloc(0),
    contentType: '',
    model,
    stream: true,
    clientWantsUsage: false,
  };
  const price = lookupPrice(ctx.options, model, caller.group, caller.user);
  const amount = holdQuota(price, 0, 0, ctx.options.num('PreConsumedQuota'));
  return { relay, request, caller, inbound, price, amount, recordSuccess };
}
