import { channelTypeInfo } from '@gateway/contract';
import type { AppContext } from '../context.js';
import { TokenCache } from './auth/token-cache.js';
import { ModelRateLimiter } from './model-rate-limit.js';
import type { ClaudeSettings, GeminiSettings, InboundRequest, UpstreamTarget } from './providers/types.js';
import { ChannelHealth } from './routing/health.js';
import { RoutingTable } from './routing/routing-table.js';
import type { RuntimeChannel } from './routing/runtime-channel.js';
import { UpstreamClient } from './upstream-client.js';
import { SensitiveWordFilter } from './moderation/sensitive-words.js';

/** The gateway's moving parts, built once per process. */
export class Relay {
  readonly tokens: TokenCache;
  readonly routing: RoutingTable;
  readonly health: ChannelHealth;
  readonly limiter: ModelRateLimiter;
  readonly sensitiveWords: SensitiveWordFilter;
  readonly upstream: UpstreamClient;

  constructor(readonly ctx: AppContext) {
    this.tokens = new TokenCache(ctx.db, ctx.bus);
    this.routing = new RoutingTable(ctx.db, ctx.bus);
    this.health = new ChannelHealth(ctx, this.routing);
    this.limiter = new ModelRateLimiter(ctx.options, ctx.redis, ctx.config.redisPrefix);
    this.sensitiveWords = new SensitiveWordFilter(ctx.options);
    this.upstream = new UpstreamClient(ctx.config.relay);
  }

  async start() {
    await this.routing.reload();
  }

  async close() {
    await this.upstream.close();
  }

  /** How one request is sent to one channel. */
  target(channel: RuntimeChannel, inbound: InboundRequest): UpstreamTarget {
    const mapped = channel.modelMapping[inbound.model];
    const info = channelTypeInfo(channel.type);
    // Azure's URL carries an api-version: the client's own wins over the channel's default.
    const clientVersion =
      info?.urlLayout?.kind === 'azure' && inbound.query
        ? new URLSearchParams(inbound.query).get('api-version')
        : null;
    return {
      channel,
      upstreamModel: mapped && mapped.trim() ? mapped.trim() : inbound.model,
      // A client that asks for usage gets the option forwarded; we add it ourselves only where
      // the upstream is known to support it.
      includeUsage:
        inbound.stream &&
        (inbound.clientWantsUsage || (this.ctx.config.relay.forceStreamUsage && info?.streamUsage === true)),
      passThrough: this.ctx.options.bool('global.pass_through_request_enabled'),
      azureApiVersion: clientVersion || channel.other.trim() || this.ctx.config.relay.azureDefaultApiVersion,
      ...(info?.families?.includes('claude') ? { claude: this.claudeSettings() } : {}),
      ...(info?.families?.includes('gemini') ? { gemini: this.geminiSettings() } : {}),
    };
  }

  private geminiSettings(): GeminiSettings {
    const { options } = this.ctx;
    return {
      versions: options.json('gemini.version_settings'),
      safety: options.json('gemini.safety_settings'),
      thinkingAdapter: options.bool('gemini.thinking_adapter_enabled'),
      thinkingBudgetShare: options.num('gemini.thinking_adapter_budget_tokens_percentage'),
    };
  }

  private claudeSettings(): ClaudeSettings {
    const { options } = this.ctx;
    return {
      modelHeaders: options.json('claude.model_headers_settings'),
      defaultMaxTokens: options.json('claude.default_max_tokens'),
      thinkingAdapter: options.bool('claude.thinking_adapter_enabled'),
      thinkingBudgetShare: options.num('claude.thinking_adapter_budget_tokens_percentage'),
    };
  }
}
