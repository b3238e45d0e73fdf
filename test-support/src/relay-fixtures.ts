import { randomBytes } from 'node:crypto';
import type { RunningGateway } from './gateway.js';
import { drainOutbox } from '../../server/src/modules/logs/outbox.js';

/**
 * Direct database fixtures for relay tests (channels, tokens, balances), so billing tests do not
 * depend on the management API's shapes. Each write tells the gateway, as the API would.
 */
export interface ChannelFixture {
  name?: string;
  type?: number;
  key: string;
  baseUrl: string;
  models: string[];
  groups?: string[];
  priority?: number;
  weight?: number;
  status?: number;
  autoBan?: boolean;
  modelMapping?: Record<string, string>;
  statusCodeMapping?: Record<string, string>;
  paramOverride?: Record<string, unknown>;
  headers?: Record<string, string>;
  other?: string;
  organization?: string;
  setting?: Record<string, unknown>;
  maxInputTokens?: number;
}

export async function addChannel(gw: RunningGateway, c: ChannelFixture): Promise<number> {
  const { db } = gw.ctx;
  const groups = c.groups ?? ['default'];
  const row = {
    type: c.type ?? 1,
    key: c.key,
    name: c.name ?? `channel-${c.key}`,
    created_time: Math.floor(Date.now() / 1000),
    base_url: c.baseUrl,
    models: c.models.join(','),
    group: groups.join(','),
    priority: c.priority ?? 0,
    weight: c.weight ?? 0,
    status: c.status ?? 1,
    auto_ban: c.autoBan === false ? 0 : 1,
    model_mapping: c.modelMapping ? JSON.stringify(c.modelMapping) : null,
    status_code_mapping: c.statusCodeMapping ? JSON.stringify(c.statusCodeMapping) : null,
    param_override: c.paramOverride ? JSON.stringify(c.paramOverride) : null,
    headers: c.headers ? JSON.stringify(c.headers) : null,
    other: c.other ?? '',
    openai_organization: c.organization ?? null,
    setting: c.setting ? JSON.stringify(c.setting) : null,
    max_input_tokens: c.maxInputTokens ?? 0,
  };
  await db.insertInto('channels').values(row).execute();
  const { id } = await db
    .selectFrom('channels')
    .select('id')
    .where('name', '=', row.name)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const abilities = groups.flatMap((group) =>
    c.models.map((model) => ({
      group,
      model,
      channel_id: id,
      enabled: row.status === 1 ? 1 : 0,
      priority: row.priority,
      weight: row.weight,
      tag: null,
    })),
  );
  if (abilities.length) await db.insertInto('abilities').values(abilities).execute();
  await gw.ctx.relay.routing.reload();
  return id;
}

/** Removes every channel (and its abilities) so a test starts from an empty routing table. */
export async function removeAllChannels(gw: RunningGateway) {
  await gw.ctx.db.deleteFrom('abilities').execute();
  await gw.ctx.db.deleteFrom('channels').execute();
  await gw.ctx.relay.routing.reload();
}

export interface TokenFixture {
  name?: string;
  remainQuota?: number;
  unlimited?: boolean;
  modelLimits?: string[];
  allowIps?: string;
  group?: string;
  expiredTime?: number;
  status?: number;
}

export async function addToken(
  gw: RunningGateway,
  userId: number,
  t: TokenFixture = {},
): Promise<{ id: number; key: string; apiKey: string }> {
  const key = randomBytes(36)
    .toString('base64')
    .replace(/[^0-9a-zA-Z]/g, '')
    .slice(0, 48)
    .padEnd(48, 'x');
  await gw.ctx.db
    .insertInto('tokens')
    .values({
      user_id: userId,
      key,
      name: t.name ?? 'test-token',
      created_time: Math.floor(Date.now() / 1000),
      status: t.status ?? 1,
      remain_quota: t.remainQuota ?? 0,
      unlimited_quota: t.unlimited ? 1 : 0,
      model_limits_enabled: t.modelLimits ? 1 : 0,
      model_limits: (t.modelLimits ?? []).join(','),
      allow_ips: t.allowIps ?? '',
      group: t.group ?? '',
      expired_time: t.expiredTime ?? -1,
    })
    .execute();
  const { id } = await gw.ctx.db
    .selectFrom('tokens')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return { id, key, apiKey: `sk-${key}` };
}

/** Sets a user's balance in SQL and tells the ledger, as a top-up would. */
export async function setUserQuota(gw: RunningGateway, userId: number, quota: number) {
  await gw.ctx.ledger.flush();
  const before = await gw.ctx.db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await gw.ctx.db.updateTable('users').set({ quota }).where('id', '=', userId).execute();
  await gw.ctx.ledger.adjustUserQuota(userId, quota - before.quota);
}

/** Waits for queued charges and log rows to reach the database. */
export async function flushAll(gw: RunningGateway) {
  await gw.ctx.ledger.flush();
  await gw.ctx.logs.flush();
  // With a separate log database, consume rows wait in the outbox until copied.
  if (gw.ctx.config.logDb) await drainOutbox(gw.ctx.db, gw.ctx.logDb, gw.ctx.logDialect);
}

export interface Balances {
  user: { quota: number; used_quota: number; request_count: number };
  token: { remain_quota: number; used_quota: number };
}

export async function balances(gw: RunningGateway, userId: number, tokenId: number): Promise<Balances> {
  await flushAll(gw);
  const user = await gw.ctx.db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = await gw.ctx.db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return { user, token };
}

export async function channelUsedQuota(gw: RunningGateway, channelId: number): Promise<number> {
  await flushAll(gw);
  const row = await gw.ctx.db
    .selectFrom('channels')
    .select('used_quota')
    .where('id', '=', channelId)
    .executeTakeFirstOrThrow();
  return row.used_quota;
}

export async function consumeLogs(gw: RunningGateway, userId: number) {
  await flushAll(gw);
  return gw.ctx.logDb
    .selectFrom('logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .orderBy('id', 'asc')
    .execute();
}
