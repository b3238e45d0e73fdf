import { randomUUID } from 'node:crypto';
import {
  createRedemptionRequest,
  pageQuery,
  RedemptionStatus,
  redemptionSearchQuery,
  statusOnlyQuery,
  updateRedemptionRequest,
  updateRedemptionStatusRequest,
} from '@gateway/contract';
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { RedemptionsTable } from '../../platform/db/schema.js';
import { badRequest, notFound, ok, parseInput } from '../../platform/http/api-error.js';
import { currentUser } from '../../platform/http/auth.js';
import { nowSeconds } from '../setup/state.js';
import { parseIdParam, toPage } from '../tokens/listing.js';
import { redeemCode } from './redeem.js';
import { RedemptionRepo, toRedemptionView } from './repo.js';

const NOT_FOUND = '兑换码不存在';
const USED_STATUS_LOCKED = '兑换码已被使用，无法启用或禁用';
const USED_EDIT_LOCKED = '兑换码已被使用，无法编辑';

/** Admin management of redemption codes (/api/redemption/*) and redeeming one (user). */
export async function redemptionRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = new RedemptionRepo(ctx.db);
  const admin = { preHandler: ctx.guards.admin };

  const list = async (keyword: string, query: unknown) => {
    const page = parseInput(pageQuery, query);
    const { rows, total } = await repo.page(keyword, page);
    return ok(toPage(rows.map(toRedemptionView), total, page));
  };
  app.get('/redemption/', admin, (request) => list('', request.query));
  app.get('/redemption/search', admin, (request) =>
    list(parseInput(redemptionSearchQuery, request.query).keyword.trim(), request.query),
  );

  app.get('/redemption/:id', admin, async (request) => {
    const id = parseIdParam(request.params);
    const row = id === null ? undefined : await repo.findById(id);
    if (!row) throw notFound(NOT_FOUND);
    return ok(toRedemptionView(row));
  });

  app.post('/redemption/', admin, async (request) => {
    const input = parseInput(createRedemptionRequest, request.body);
    const now = nowSeconds();
    const rows = Array.from({ length: input.count }, () => ({
      user_id: currentUser(request).id,
      key: randomUUID().replaceAll('-', ''),
      status: RedemptionStatus.Unused,
      name: input.name,
      quota: input.quota,
      created_time: now,
      redeemed_time: 0,
      used_user_id: 0,
    }));
    // One statement: the batch is created whole or not at all.
    await ctx.db.insertInto('redemptions').values(rows).execute();
    return ok(rows.map((r) => r.key));
  });

  app.put('/redemption/', admin, async (request) => {
    const { statusOnly } = parseInput(statusOnlyQuery, request.query);
    let id: number;
    let changes: Updateable<RedemptionsTable>;
    let lockedMessage: string;
    if (statusOnly) {
      const input = parseInput(updateRedemptionStatusRequest, request.body);
      ({ id } = input);
      changes = { status: input.status };
      lockedMessage = USED_STATUS_LOCKED;
    } else {
      const input = parseInput(updateRedemptionRequest, request.body);
      ({ id } = input);
      changes = { name: input.name, quota: input.quota };
      lockedMessage = USED_EDIT_LOCKED;
    }
    const before = await repo.findById(id);
    if (!before) throw notFound(NOT_FOUND);
    if (before.status === RedemptionStatus.Used) throw badRequest(lockedMessage);
    if (changes.name !== undefined || changes.quota !== undefined || changes.status !== undefined) {
      // Conditional on "not used": a redeem racing this edit either happens first (and the edit
      // is refused) or credits the code's values as they were when it was used.
      const result = await ctx.db
        .updateTable('redemptions')
        .set(changes)
        .where('id', '=', id)
        .where('status', '!=', RedemptionStatus.Used)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw badRequest(lockedMessage);
    }
    const after = await repo.findById(id);
    if (!after) throw notFound(NOT_FOUND);
    return ok(toRedemptionView(after));
  });

  app.delete('/redemption/:id', admin, async (request) => {
    const id = parseIdParam(request.params);
    if (id === null) throw notFound(NOT_FOUND);
    const result = await ctx.db
      .updateTable('redemptions')
      .set({ deleted_at: nowSeconds() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(NOT_FOUND);
    return ok();
  });

  // The shared strict bucket: each guess at a code costs the caller a slot.
  app.post('/user/topup', { preHandler: ctx.guards.user, ...ctx.criticalRateLimit }, async (request) =>
    ok(await redeemCode(ctx, currentUser(request), request.body)),
  );
}
