import { ChannelStatus, channelTypeServes, type RelayEndpoint } from '@gateway/contract';
import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/schema.js';
import { toRuntimeChannel, type RuntimeChannel } from './runtime-channel.js';

/** Channels able to serve one (group, model), grouped by priority, highest first. */
export interface Tier {
  priority: number;
  members: Array<{ channel: RuntimeChannel; weight: number }>;
}

/**
 * The routing index in memory: (group, model) → priority tiers, built from enabled abilities of
 * enabled channels. Any channel write publishes `channels`; the table then reloads in the
 * background while requests keep using the previous one.
 */
export class RoutingTable {
  private routes = new Map<string, Map<string, Tier[]>>();
  private channels = new Map<number, RuntimeChannel>();
  /** tiersFor() answers, per (group, model, endpoint); rebuilt lazily after each load. */
  private capable = new Map<string, readonly Tier[]>();
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;

  constructor(
    private readonly db: Kysely<Database>,
    bus: Bus,
  ) {
    bus.subscribe('channels', () => void this.reload());
  }

  /** Reloads now; concurrent calls coalesce into one more reload after the current one. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        try {
          await this.load();
        } catch (err) {
          console.error(`reloading the routing table failed: ${(err as Error).message}`);
        }
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async load() {
    const [rows, abilities] = await Promise.all([
      this.db.selectFrom('channels').selectAll().execute(),
      this.db
        .selectFrom('abilities')
        .select(['group', 'model', 'channel_id', 'priority', 'weight'])
        .where('enabled', '=', 1)
        .execute(),
    ]);
    const channels = new Map<number, RuntimeChannel>();
    for (const row of rows) channels.set(row.id, toRuntimeChannel(row));
    const routes = new Map<string, Map<string, Tier[]>>();
    for (const a of abilities) {
      const channel = channels.get(a.channel_id);
      if (!channel || channel.status !== ChannelStatus.Enabled) continue;
      let models = routes.get(a.group);
      if (!models) routes.set(a.group, (models = new Map()));
      let tiers = models.get(a.model);
      if (!tiers) models.set(a.model, (tiers = []));
      let tier = tiers.find((t) => t.priority === a.priority);
      if (!tier) tiers.push((tier = { priority: a.priority, members: [] }));
      tier.members.push({ channel, weight: Math.max(0, a.weight) });
    }
    for (const models of routes.values()) {
      for (const tiers of models.values()) tiers.sort((x, y) => y.priority - x.priority);
    }
    this.routes = routes;
    this.channels = channels;
    this.capable = new Map();
  }

  /** Every channel of (group, model), whatever it can serve. */
  tiers(group: string, model: string): readonly Tier[] {
    return this.routes.get(group)?.get(model) ?? [];
  }

  /**
   * Only the channels whose type can serve the endpoint (the contract's descriptors), so a model
   * offered by an OpenAI and a not-yet-supported channel never routes to the latter.
   */
  tiersFor(group: string, model: string, endpoint: RelayEndpoint): readonly Tier[] {
    const key = `${group}\u0000${model}\u0000${endpoint}`;
    let tiers = this.capable.get(key);
    if (tiers) return tiers;
    const all = this.tiers(group, model);
    const filtered = all
      .map((tier) => ({
        priority: tier.priority,
        members: tier.members.filter((m) => channelTypeServes(m.channel.type, endpoint)),
      }))
      .filter((tier) => tier.members.length > 0);
    // The usual case, every channel capable, keeps the original arrays.
    tiers =
      filtered.every((t, i) => t.members.length === all[i]?.members.length) && filtered.length === all.length
        ? all
        : filtered;
    if (this.capable.size > 10_000) this.capable.clear();
    this.capable.set(key, tiers);
    return tiers;
  }

  channel(id: number): RuntimeChannel | undefined {
    return this.channels.get(id);
  }

  /** Models a group can reach, for /v1/models. */
  models(group: string): string[] {
    return [...(this.routes.get(group)?.keys() ?? [])];
  }

  /** Takes a channel out of rotation at once (auto-disable), before the reload lands. */
  markDisabled(id: number, status: number) {
    const channel = this.channels.get(id);
    if (channel) channel.status = status;
  }
}
