import type { PricingAnswer } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { optionalSessionUser } from '../../platform/http/auth.js';
import { usableGroups } from '../groups/usable-groups.js';
import { PricingCatalog } from './catalog.js';

/** GET /api/pricing: public; a signed-in caller sees their own groups, a guest the selectable ones. */
export async function pricingRoutes(app: FastifyInstance, ctx: AppContext) {
  const catalog = new PricingCatalog(ctx.db, ctx.options, ctx.bus);

  app.get('/pricing', async (request): Promise<PricingAnswer> => {
    const own = (await optionalSessionUser(request, ctx.guards.directory))?.group;
    const ratios = ctx.options.json<Record<string, number>>('GroupRatio');
    let usable: Record<string, string>;
    if (own !== undefined) {
      usable = Object.fromEntries(
        Object.entries(usableGroups(ctx.options, own)).map(([group, info]) => [group, info.desc]),
      );
    } else {
      // A guest is priced like a new user: the selectable groups, with the default group always there.
      const selectable = ctx.options.json<Record<string, string>>('UserUsableGroups');
      usable = Object.fromEntries(Object.entries(selectable).filter(([group]) => group in ratios));
      if (!('default' in usable)) usable.default = selectable.default ?? 'default';
    }
    const groupRatio = Object.fromEntries(Object.keys(usable).map((g) => [g, ratios[g] ?? 1]));
    return {
      success: true,
      message: '',
      data: await catalog.models(),
      group_ratio: groupRatio,
      usable_group: usable,
    };
  });
}
