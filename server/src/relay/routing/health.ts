import { ChannelStatus, channelTypeInfo } from '@gateway/contract';
import type { AppContext } from '../../context.js';
import type { RelayError } from '../errors.js';
import type { RoutingTable } from './routing-table.js';
import type { RuntimeChannel } from './runtime-channel.js';

const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DISABLING_TYPES = new Set([
  'insufficient_quota',
  'insufficient_user_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);

/**
 * Whether an upstream failure means the channel itself is broken (bad key, no credit, banned
 * account) rather than the request or a passing overload.
 */
export function isDisablingError(
  channel: RuntimeChannel,
  err: RelayError,
  upstreamStatus: number,
  keywords: string[],
) {
  if (err.local) return false;
  if (upstreamStatus === 401) return true;
  if (upstreamStatus === 403 && channelTypeInfo(channel.type)?.forbiddenMeansBadKey) return true;
  if (DISABLING_CODES.has(err.code)) return true;
  if (DISABLING_TYPES.has(err.type)) return true;
  const message = err.message.toLowerCase();
  return keywords.some((k) => k && message.includes(k.toLowerCase()));
}

/** Auto-disable and re-enable of channels (status 3), with the reason kept in other_info. */
export class ChannelHealth {
  constructor(
    private readonly ctx: AppContext,
    private readonly routing: RoutingTable,
  ) {}

  /** After a failed relay attempt: disables the channel when the options and its auto_ban say so. */
  async onFailure(channel: RuntimeChannel, err: RelayError, upstreamStatus: number): Promise<boolean> {
    const { options } = this.ctx;
    if (!options.bool('AutomaticDisableChannelEnabled') || !channel.autoBan) return false;
    if (!isDisablingError(channel, err, upstreamStatus, options.lines('AutomaticDisableKeywords')))
      return false;
    return this.disable(channel, err.message);
  }

  async disable(channel: RuntimeChannel, reason: string): Promise<boolean> {
    if (channel.status !== ChannelStatus.Enabled) return false;
    this.routing.markDisabled(channel.id, ChannelStatus.AutoDisabled);
    const otherInfo = JSON.stringify({
      status_reason: reason.slice(0, 1000),
      status_time: Math.floor(Date.now() / 1000),
    });
    const changed = await this.ctx.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('channels')
        .set({ status: ChannelStatus.AutoDisabled, other_info: otherInfo })
        .where('id', '=', channel.id)
        .where('status', '=', ChannelStatus.Enabled)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await tx.updateTable('abilities').set({ enabled: 0 }).where('channel_id', '=', channel.id).execute();
      return true;
    });
    if (changed) {
      this.ctx.bus.publish('channels');
      console.warn(`channel #${channel.id} (${channel.name}) disabled automatically: ${reason}`);
    }
    return changed;
  }

  /** A successful test brings an auto-disabled channel back (never a manually disabled one). */
  async enableIfAutoDisabled(channelId: number): Promise<boolean> {
    if (!this.ctx.options.bool('AutomaticEnableChannelEnabled')) return false;
    const changed = await this.ctx.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('channels')
        .set({
          status: ChannelStatus.Enabled,
          other_info: JSON.stringify({ status_reason: '', status_time: Math.floor(Date.now() / 1000) }),
        })
        .where('id', '=', channelId)
        .where('status', '=', ChannelStatus.AutoDisabled)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await tx.updateTable('abilities').set({ enabled: 1 }).where('channel_id', '=', channelId).execute();
      return true;
    });
    if (changed) this.ctx.bus.publish('channels');
    return changed;
  }
}
