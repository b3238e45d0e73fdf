import { channelTypeServes, LogType, Role } from '@gateway/contract';
import type { Relay } from './relay.js';
import { chargeQuota, lookupPrice } from './billing/pricing.js';
import { resolveUsage } from './billing/usage.js';
import { OutboundRefusedError } from '../platform/http/outbound-guard.js';
import { RelayError } from './errors.js';
import { adapterFor } from './providers/registry.js';
import type { InboundRequest } from './providers/types.js';
import { isDisablingError } from './routing/health.js';
import { toRuntimeChannel, type RuntimeChannel } from './routing/runtime-channel.js';
import { readBody } from './upstream-client.js';

export interface ChannelTestResult {
  success: boolean;
  message: string;
  /** Seconds. */
  time: number;
  error?: RelayError;
  upstreamStatus?: number;
}

/**
 * A network error's code (ECONNREFUSED…); the reason itself when the outbound guard refused or
 * an adapter's own step (a token exchange) failed.
 */
const connectFailure = (err: unknown) =>
  err instanceof OutboundRefusedError || err instanceof RelayError
    ? err.message
    : ((err as { code?: string }).code ?? (err as Error).message);
const TEST_TIMEOUT_MS = 60_000;

const isEmbeddingModel = (model: string) => /embedding|embed|^m3e|bge-/i.test(model);

/**
 * A small call the type can serve: embeddings for embedding models (or types serving nothing
 * else, like Jina), else chat; null for types that serve neither (task types, no protocol yet).
 */
function testRequest(type: number, model: string): InboundRequest | null {
  const chat = channelTypeServes(type, 'chat');
  if (channelTypeServes(type, 'embeddings') && (isEmbeddingModel(model) || !chat)) {
    const body = { model, input: ['hello world'] };
    return testInbound('embeddings', '/v1/embeddings', body, model);
  }
  if (!chat) return null;
  const body: Record<string, unknown> = { model, messages: [{ role: 'user', content: 'hi' }] };
  if (/^o\d/.test(model)) body.max_completion_tokens = 10;
  else if (model.includes('thinking')) {
    if (!model.includes('claude')) body.max_tokens = 50;
  } else if (model.includes('gemini')) body.max_tokens = 300;
  else body.max_tokens = 10;
  return testInbound('chat', '/v1/chat/completions', body, model);
}

function testInbound(
  mode: InboundRequest['mode'],
  path: string,
  body: Record<string, unknown>,
  model: string,
): InboundRequest {
  return {
    mode,
    path,
    query: '',
    body,
    raw: Buffer.from(JSON.stringify(body)),
    contentType: 'application/json',
    model,
    stream: false,
    clientWantsUsage: false,
  };
}

/**
 * Sends one small real request through the channel's adapter. Records response_time; a success
 * writes a "模型测试" consume log for the root user (priced, but nobody is charged).
 */
export async function testChannel(
  relay: Relay,
  channelId: number,
  requestedModel = '',
): Promise<ChannelTestResult> {
  const { ctx } = relay;
  const row = await ctx.db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirst();
  if (!row) return { success: false, message: '渠道不存在', time: 0 };
  const channel: RuntimeChannel = toRuntimeChannel(row);
  const model = requestedModel.trim() || channel.testModel || channel.models[0] || 'gpt-4o-mini';
  const inbound = testRequest(channel.type, model);
  if (!inbound) return { success: false, message: `${channel.name} 渠道类型暂不支持测试`, time: 0 };
  const target = relay.target(channel, inbound);
  const adapter = adapterFor(channel.type, inbound.mode, target.upstreamModel);
  if (!adapter) return { success: false, message: '该渠道类型暂不支持', time: 0 };
  const started = performance.now();
  const finish = async (result: Omit<ChannelTestResult, 'time'>): Promise<ChannelTestResult> => {
    const ms = Math.round(performance.now() - started);
    await ctx.db
      .updateTable('channels')
      .set({ response_time: ms, test_time: Math.floor(Date.now() / 1000) })
      .where('id', '=', channelId)
      .execute();
    return { ...result, time: ms / 1000 };
  };

  let res;
  try {
    res = await relay.upstream.exchange(
      await adapter.buildRequest(inbound, target),
      AbortSignal.timeout(TEST_TIMEOUT_MS),
      channel.setting.proxy,
      adapter.transport,
    );
  } catch (err) {
    return finish({
      success: false,
      message: `请求上游失败：${connectFailure(err)}`,
    });
  }
  const body = await readBody(res).catch(() => Buffer.alloc(0));
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const info = adapter.parseError(res.statusCode, body, res.headers);
    const error = new RelayError(res.statusCode, info.message, info.code, { local: false, type: info.type });
    return finish({
      success: false,
      message: `status code ${res.statusCode}: ${info.message}`,
      error,
      upstreamStatus: res.statusCode,
    });
  }
  const parsed = adapter.parseResponse(inbound, body, String(res.headers['content-type'] ?? ''), target);
  if (parsed.error) {
    const error = new RelayError(500, parsed.error.message, parsed.error.code, {
      local: false,
      type: parsed.error.type,
    });
    return finish({
      success: false,
      message: parsed.error.message,
      error,
      upstreamStatus: parsed.error.status ?? 200,
    });
  }
  const result = await finish({ success: true, message: '' });
  await logTest(
    relay,
    inbound,
    parsed.usage,
    parsed.text(),
    target.upstreamModel,
    channel,
    result.time,
  ).catch((err: Error) => console.error(`channel test log failed: ${err.message}`));
  if (channel.status === 3) await relay.health.enableIfAutoDisabled(channel.id);
  return result;
}

async function logTest(
  relay: Relay,
  inbound: InboundRequest,
  reported: Parameters<typeof resolveUsage>[1],
  text: string,
  upstreamModel: string,
  channel: RuntimeChannel,
  seconds: number,
) {
  const { ctx } = relay;
  const root = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('role', '>=', Role.Root)
    .orderBy('id')
    .executeTakeFirst();
  const user = root ? await ctx.users.cache.get(root.id) : undefined;
  if (!user) return;
  const { usage } = await resolveUsage(inbound, reported, () => text, upstreamModel);
  let quota: number;
  try {
    // Priced without a group ratio: the test belongs to no group.
    quota = chargeQuota(
      { ...lookupPrice(ctx.options, inbound.model, user.group, user), groupRatio: 1 },
      usage,
    );
  } catch {
    quota = 0;
  }
  ctx.logs.add({
    user_id: user.id,
    type: LogType.Consume,
    content: '模型测试',
    username: user.username,
    token_name: '模型测试',
    model_name: inbound.model,
    quota,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    use_time: Math.round(seconds),
    channel_id: channel.id,
    other: JSON.stringify({ admin_info: { use_channel: [String(channel.id)] } }),
  });
}

/** Tests every channel; disables broken or slow ones and re-enables recovered ones, per the options. */
export async function testAllChannels(relay: Relay): Promise<void> {
  const { ctx } = relay;
  const rows = await ctx.db.selectFrom('channels').select(['id']).orderBy('priority', 'desc').execute();
  for (const { id } of rows) {
    const result = await testChannel(relay, id);
    const channel = relay.routing.channel(id);
    if (result.success || !channel || channel.status !== 1) continue;
    if (!ctx.options.bool('AutomaticDisableChannelEnabled') || !channel.autoBan) continue;
    const threshold = ctx.options.num('ChannelDisableThreshold');
    const slow = threshold > 0 && result.time > threshold;
    const broken =
      result.error !== undefined &&
      isDisablingError(
        channel,
        result.error,
        result.upstreamStatus ?? 0,
        ctx.options.lines('AutomaticDisableKeywords'),
      );
    if (broken) await relay.health.disable(channel, result.message);
    else if (slow)
      await relay.health.disable(
        channel,
        `响应时间 ${result.time.toFixed(2)}s 超过阈值 ${threshold.toFixed(2)}s`,
      );
  }
}
