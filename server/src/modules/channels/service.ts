import {
  CHANNEL_MESSAGES,
  channelBaseUrlError,
  ChannelStatus,
  changedAddressFields,
  KEY_GUARD_MESSAGES,
  unmaskHeaderValues,
  channelKeyError,
  channelOtherError,
  isJsonKeyType,
  type ChannelCreateInput,
  type ChannelTagEditInput,
  type ChannelUpdateInput,
  type FixAbilitiesResult,
} from '@gateway/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ChannelRow, ChannelsTable, NewChannel } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/http/api-error.js';
import {
  chunks,
  deleteAbilities,
  deleteOrphanAbilities,
  rebuildAbilities,
  setAbilitiesEnabled,
} from './abilities.js';
import { ChannelRepo } from './repo.js';
import { parseStatusInfo } from './view.js';

const unixNow = () => Math.floor(Date.now() / 1000);

/** Fields whose change alters the ability rows beyond `enabled`. */
const ROUTING_FIELDS = ['models', 'group', 'priority', 'weight', 'tag'] as const;

/**
 * Channel writes. Each runs in one transaction together with the abilities it affects, then
 * publishes `channels` so every instance reloads its routing table.
 */
export class ChannelService {
  readonly repo: ChannelRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ChannelRepo(ctx.db, ctx.dialect);
  }

  /** Every instance reloads its routing table (and the channel rows it caches). */
  changed() {
    this.ctx.bus.publish('channels');
  }

  async get(id: number): Promise<ChannelRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('渠道不存在');
    return row;
  }

  /** One channel per key, with otherwise identical settings. */
  async create(input: ChannelCreateInput): Promise<ChannelRow[]> {
    const { keys, ...fields } = input;
    const shared: Omit<NewChannel, 'key'> = {
      type: fields.type,
      name: fields.name,
      status: fields.status,
      base_url: fields.base_url,
      other: fields.other,
      openai_organization: fields.openai_organization || null,
      test_model: fields.test_model || null,
      models: fields.models,
      group: fields.group,
      model_mapping: fields.model_mapping ?? null,
      status_code_mapping: fields.status_code_mapping ?? null,
      param_override: fields.param_override ?? null,
      setting: fields.setting ?? null,
      headers: fields.headers ?? null,
      priority: fields.priority,
      weight: fields.weight,
      auto_ban: fields.auto_ban,
      tag: fields.tag,
      max_input_tokens: fields.max_input_tokens ?? 0,
      created_time: unixNow(),
      other_info: null,
    };
    const created = await this.ctx.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const key of keys) ids.push(await this.repo.insert({ ...shared, key }, trx));
      const rows = await this.repo.findByIds(ids, trx);
      await rebuildAbilities(trx, this.ctx.dialect, rows);
      return rows.sort((a, b) => a.id - b.id);
    });
    this.changed();
    return created;
  }

  /**
   * A new channel with the same settings and key (keys never leave the server, so only the server
   * can copy one), named with the suffix; usage counters start at zero.
   */
  async copy(id: number, suffix: string, resetBalance: boolean): Promise<ChannelRow> {
    const source = await this.get(id);
    const { id: _id, ...fields } = source;
    const row: NewChannel = {
      ...fields,
      name: `${source.name}${suffix}`,
      created_time: unixNow(),
      used_quota: 0,
      response_time: 0,
      test_time: 0,
      other_info: null,
      ...(resetBalance ? { balance: 0, balance_updated_time: 0 } : {}),
    };
    const created = await this.ctx.db.transaction().execute(async (trx) => {
      const newId = await this.repo.insert(row, trx);
      const rows = await this.repo.findByIds([newId], trx);
      await rebuildAbilities(trx, this.ctx.dialect, rows);
      return rows[0]!;
    });
    this.changed();
    return created;
  }

  /**
   * Writes the fields given; a status-only change just flips the abilities' `enabled`. Masked
   * header values keep the stored ones; changing where the key goes needs the key, except for root.
   */
  async update(input: ChannelUpdateInput, caller: { root: boolean }): Promise<ChannelRow> {
    const { id, ...given } = input;
    const fields: Updateable<ChannelsTable> = {};
    for (const [name, value] of Object.entries(given)) {
      if (value !== undefined) (fields as Record<string, unknown>)[name] = value;
    }
    if ('openai_organization' in fields) fields.openai_organization ||= null;
    if ('test_model' in fields) fields.test_model ||= null;
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const existing = await this.repo.findById(id, trx);
      if (!existing) throw notFound('渠道不存在');
      const type = fields.type ?? existing.type;
      if (fields.type !== undefined || fields.other !== undefined) {
        const otherError = channelOtherError(type, fields.other ?? existing.other ?? '');
        if (otherError) throw badRequest(otherError);
      }
      if (fields.type !== undefined || fields.base_url !== undefined) {
        const baseUrlError = channelBaseUrlError(type, fields.base_url ?? existing.base_url ?? '');
        if (baseUrlError) throw badRequest(baseUrlError);
      }
      if (fields.key !== undefined) {
        if (!isJsonKeyType(type) && fields.key.includes('\n')) throw badRequest('编辑渠道时只能填写一个密钥');
        const keyError = channelKeyError(type, [fields.key]);
        if (keyError) throw badRequest(keyError);
      }
      if (fields.headers !== undefined) {
        const headers = unmaskHeaderValues(fields.headers, existing.headers);
        if (headers === undefined) throw badRequest(KEY_GUARD_MESSAGES.maskedHeaderUnknown);
        fields.headers = headers;
      }
      // Checked against the stored row inside the transaction: what is compared is what is written.
      if (!caller.root && fields.key === undefined && changedAddressFields(existing, fields).length > 0) {
        throw badRequest(KEY_GUARD_MESSAGES.keyRequired);
      }
      if (Object.keys(fields).length > 0) {
        await trx.updateTable('channels').set(fields).where('id', '=', id).execute();
      }
      const updated = (await this.repo.findById(id, trx))!;
      if (ROUTING_FIELDS.some((f) => fields[f] !== undefined)) {
        await rebuildAbilities(trx, this.ctx.dialect, [updated]);
      } else if (fields.status !== undefined) {
        await setAbilitiesEnabled(trx, [id], updated.status === ChannelStatus.Enabled);
      }
      return updated;
    });
    this.changed();
    return row;
  }

  /** Deletes channels and their abilities; returns how many channels existed. */
  async delete(ids: readonly number[]): Promise<number> {
    const count = await this.ctx.db.transaction().execute(async (trx) => {
      await deleteAbilities(trx, ids);
      let deleted = 0;
      for (const part of chunks(ids)) {
        const result = await trx.deleteFrom('channels').where('id', 'in', part).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    });
    this.changed();
    return count;
  }

  /** Channels disabled by hand or automatically, with their abilities. */
  async deleteDisabled(): Promise<number> {
    const rows = await this.ctx.db
      .selectFrom('channels')
      .select('id')
      .where('status', 'in', [ChannelStatus.ManuallyDisabled, ChannelStatus.AutoDisabled])
      .execute();
    return rows.length === 0 ? 0 : this.delete(rows.map((r) => r.id));
  }

  /** Sets (or with null removes) the tag of these channels; returns how many exist. */
  async setTag(ids: readonly number[], tag: string | null): Promise<number> {
    const count = await this.ctx.db.transaction().execute(async (trx) => {
      const rows = await this.repo.findByIds(ids, trx);
      if (rows.length === 0) return 0;
      const found = rows.map((r) => r.id);
      await trx.updateTable('channels').set({ tag }).where('id', 'in', found).execute();
      await rebuildAbilities(trx, this.ctx.dialect, await this.repo.findByIds(found, trx));
      return rows.length;
    });
    this.changed();
    return count;
  }

  /** PUT /api/channel/tag: overwrite the given fields on every channel of the tag. */
  async editTag(input: ChannelTagEditInput): Promise<number> {
    const fields: Updateable<ChannelsTable> = {};
    if (input.new_tag !== undefined && input.new_tag !== input.tag) fields.tag = input.new_tag || null;
    if (input.priority !== undefined) fields.priority = input.priority;
    if (input.weight !== undefined) fields.weight = input.weight;
    if (input.model_mapping !== undefined) fields.model_mapping = input.model_mapping;
    if (input.models !== undefined) fields.models = input.models;
    if (input.groups !== undefined) fields.group = input.groups;
    if (Object.keys(fields).length === 0) throw badRequest(CHANNEL_MESSAGES.nothingChanged);
    const count = await this.ctx.db.transaction().execute(async (trx) => {
      const ids = (await this.repo.findByTag(input.tag, trx)).map((r) => r.id);
      if (ids.length === 0) throw notFound(`没有标签为 ${input.tag} 的渠道`);
      await trx.updateTable('channels').set(fields).where('id', 'in', ids).execute();
      await rebuildAbilities(trx, this.ctx.dialect, await this.repo.findByIds(ids, trx));
      return ids.length;
    });
    this.changed();
    return count;
  }

  /** Enables (1) or disables (2) every channel of a tag. */
  async setTagStatus(tag: string, status: 1 | 2): Promise<number> {
    const count = await this.ctx.db.transaction().execute(async (trx) => {
      const ids = (await this.repo.findByTag(tag, trx)).map((r) => r.id);
      if (ids.length === 0) throw notFound(`没有标签为 ${tag} 的渠道`);
      await trx.updateTable('channels').set({ status }).where('id', 'in', ids).execute();
      await setAbilitiesEnabled(trx, ids, status === ChannelStatus.Enabled);
      return ids.length;
    });
    this.changed();
    return count;
  }

  /** Drops abilities of deleted channels and rebuilds those of every channel. */
  async fixAbilities(): Promise<FixAbilitiesResult> {
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      const orphans = await deleteOrphanAbilities(trx);
      const channels = await trx
        .selectFrom('channels')
        .select(['id', 'models', 'group', 'status', 'priority', 'weight', 'tag'])
        .execute();
      const abilities = await rebuildAbilities(trx, this.ctx.dialect, channels);
      return { channels: channels.length, abilities, orphans_removed: orphans };
    });
    this.changed();
    return result;
  }

  /** Stores a balance; the caller publishes once for a whole batch (see changed()). */
  async saveBalance(id: number, balance: number): Promise<number> {
    const now = unixNow();
    await this.ctx.db
      .updateTable('channels')
      .set({ balance, balance_updated_time: now })
      .where('id', '=', id)
      .execute();
    return now;
  }

  /** Status 3 with the reason shown in the console's hover note. */
  async autoDisable(channel: ChannelRow, reason: string): Promise<void> {
    const info = { ...parseStatusInfo(channel.other_info), status_reason: reason, status_time: unixNow() };
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('channels')
        .set({ status: ChannelStatus.AutoDisabled, other_info: JSON.stringify(info) })
        .where('id', '=', channel.id)
        .execute();
      await setAbilitiesEnabled(trx, [channel.id], false);
    });
    this.changed();
  }
}
