import { CHANNEL_TYPES, channelTypeModels, type ChannelTypeModelMap } from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { usableGroups } from './usable-groups.js';

/** Groups and model lists: `/api/group/`, `/api/user/self/groups`, `/api/user/models`, `/api/models`. */
export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { preHandler: ctx.guards.admin };
  const user = { preHandler: ctx.guards.user };

  app.get('/group/', admin, async () =>
    ok(Object.keys(ctx.options.json<Record<string, number>>('GroupRatio') ?? {})),
  );

  app.get('/user/self/groups', user, async (request) =>
    ok(usableGroups(ctx.options, currentUser(request).group)),
  );

  /** Models with an enabled channel in any group the caller may use; [] when none. */
  app.get('/user/models', user, async (request) => {
    const groups = Object.keys(usableGroups(ctx.options, currentUser(request).group));
    const rows = await ctx.db
      .selectFrom('abilities')
      .select('model')
      .distinct()
      .where('enabled', '=', 1)
      .where('group', 'in', groups)
      .orderBy('model')
      .execute();
    return ok(rows.map((r) => r.model));
  });

  app.get('/models', user, async () => {
    const map: ChannelTypeModelMap = {};
    for (const type of CHANNEL_TYPES) map[String(type.id)] = [...channelTypeModels(type.id)];
    return ok(map);
  });
}
