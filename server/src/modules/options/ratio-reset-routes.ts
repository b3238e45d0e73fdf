import { optionDef } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/api-error.js';
import type { AppContext } from '../../context.js';

/**
 * The per-token price tables that "reset model ratios" restores. They go back together because a
 * model's token price is model ratio × completion ratio (× cache ratio for cached tokens): putting
 * back only ModelRatio would leave operator completion ratios on default input prices, a price
 * nobody chose. ModelPrice stays: fixed prices are a separate mode, often for the operator's own
 * models, and the button speaks of ratios.
 */
export const RESET_RATIO_KEYS = ['ModelRatio', 'CompletionRatio', 'CacheRatio'] as const;

/** POST /api/option/rest_model_ratio (the reference's spelling, which scripts call). */
export async function ratioResetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/option/rest_model_ratio', { preHandler: ctx.guards.admin }, async () => {
    for (const key of RESET_RATIO_KEYS) {
      const def = optionDef(key);
      if (def) await ctx.options.write(key, def.default);
    }
    return ok(null, '重置模型倍率成功');
  });
}
