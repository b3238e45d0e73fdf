import { splitCommaList } from '@gateway/contract';
import type { Kysely, Transaction } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import type { AbilityRow, ChannelRow, Database } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What an ability row copies from its channel. */
export type AbilitySource = Pick<
  ChannelRow,
  'id' | 'models' | 'group' | 'status' | 'priority' | 'weight' | 'tag'
>;

/** Keeps IN lists and multi-row inserts well under every dialect's parameter limit. */
const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The routing index of one channel: one row per (group × model), names trimmed and de-duplicated,
 * enabled only while the channel is enabled.
 */
export function abilityRowsOf(channel: AbilitySource): AbilityRow[] {
  const rows: AbilityRow[] = [];
  const enabled = channel.status === 1 ? 1 : 0;
  for (const group of splitCommaList(channel.group)) {
    for (const model of splitCommaList(channel.models)) {
      rows.push({
        group,
        model,
        channel_id: channel.id,
        enabled,
        priority: Number(channel.priority),
        weight: Number(channel.weight),
        tag: channel.tag || null,
      });
    }
  }
  return rows;
}

/** Replaces the abilities of these channels; run it inside the transaction that changed them. */
export async function rebuildAbilities(
  db: Db,
  dialect: SqlDialectName,
  channels: readonly AbilitySource[],
): Promise<number> {
  await deleteAbilities(
    db,
    channels.map((c) => c.id),
  );
  const rows = channels.flatMap(abilityRowsOf);
  for (const batch of chunks(rows, 100)) {
    const insert = db.insertInto('abilities').values(batch);
    // MySQL's case-insensitive collation sees "GPT-4o" and "gpt-4o" as one key: keep the first.
    await (dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.doNothing())).execute();
  }
  return rows.length;
}

export async function deleteAbilities(db: Db, channelIds: readonly number[]): Promise<void> {
  for (const ids of chunks(channelIds)) {
    await db.deleteFrom('abilities').where('channel_id', 'in', ids).execute();
  }
}

/** A status change without other changes only flips `enabled`. */
export async function setAbilitiesEnabled(db: Db, channelIds: readonly number[], enabled: boolean) {
  for (const ids of chunks(channelIds)) {
    await db
      .updateTable('abilities')
      .set({ enabled: enabled ? 1 : 0 })
      .where('channel_id', 'in', ids)
      .execute();
  }
}

/** Removes rows whose channel no longer exists; returns how many. */
export async function deleteOrphanAbilities(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('abilities')
    .where('channel_id', 'not in', (eb) => eb.selectFrom('channels').select('id'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
