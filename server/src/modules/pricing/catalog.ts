import { QuotaType, type PricingModel } from '@gateway/contract';
import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/schema.js';
import type { OptionStore } from '../options/store.js';
import { builtinCompletionRatio } from '../../relay/billing/completion-ratio.js';
import { UNSET_MODEL_RATIO } from '../../relay/billing/pricing.js';

/** How long the model → groups map is reused when no channel changed (a public, unauthenticated page). */
const TTL_MS = 60_000;

/**
 * The public price list: every model with an enabled channel, priced from the options. The
 * channel part is cached and dropped whenever channels change; prices are read fresh from the
 * in-memory options on every call, so a saved price shows at once.
 */
export class PricingCatalog {
  private groupsByModel: Map<string, string[]> | null = null;
  private loadedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: OptionStore,
    bus: Bus,
  ) {
    bus.subscribe('channels', () => {
      this.groupsByModel = null;
    });
  }

  async models(): Promise<PricingModel[]> {
    const groups = await this.enabledGroups();
    const prices = this.options.json<Record<string, number>>('ModelPrice');
    const ratios = this.options.json<Record<string, number>>('ModelRatio');
    const completions = this.options.json<Record<string, number>>('CompletionRatio');
    const out: PricingModel[] = [];
    for (const [name, enableGroups] of groups) {
      const price = prices[name];
      out.push(
        price !== undefined
          ? {
              model_name: name,
              quota_type: QuotaType.PerCall,
              model_price: price,
              model_ratio: 0,
              completion_ratio: 0,
              enable_groups: enableGroups,
            }
          : {
              model_name: name,
              quota_type: QuotaType.PerUsage,
              model_price: 0,
              // What the relay bills an unpriced model with in self-use mode.
              model_ratio: ratios[name] ?? UNSET_MODEL_RATIO,
              completion_ratio: completions[name] ?? builtinCompletionRatio(name),
              enable_groups: enableGroups,
            },
      );
    }
    return out;
  }

  private async enabledGroups(): Promise<Map<string, string[]>> {
    if (this.groupsByModel && Date.now() - this.loadedAt < TTL_MS) return this.groupsByModel;
    const rows = await this.db
      .selectFrom('abilities')
      .select(['model', 'group'])
      .distinct()
      .where('enabled', '=', 1)
      .orderBy('model')
      .orderBy('group')
      .execute();
    const map = new Map<string, string[]>();
    for (const row of rows) {
      const list = map.get(row.model) ?? [];
      list.push(row.group);
      map.set(row.model, list);
    }
    this.groupsByModel = map;
    this.loadedAt = Date.now();
    return map;
  }
}
