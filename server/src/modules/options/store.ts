import { OPTION_DEFS, optionDef, validateOptionValue } from '@gateway/contract';
import type { Kysely } from 'kysely';
import type { SqlDialectName } from '../../config.js';
import type { Bus } from '../../platform/cache/bus.js';
import type { Database } from '../../platform/db/schema.js';

export class OptionError extends Error {}

type Listener = (key: string) => void;

/**
 * Every runtime option, in memory: defaults from the contract overlaid with the `options` table.
 * Reads never touch the database; a write saves the row, then tells every instance to reload it.
 */
export class OptionStore {
  private values = new Map<string, string>();
  private parsed = new Map<string, unknown>();
  private listeners: Listener[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: SqlDialectName,
    private readonly bus: Bus,
  ) {
    for (const def of OPTION_DEFS) this.values.set(def.key, def.default);
    bus.subscribe('option', (key) => {
      void this.reload(key).catch((err) => console.error(`reloading option ${key} failed`, err));
    });
    bus.subscribe(
      'resync',
      () => void this.load().catch((err) => console.error('reloading options failed', err)),
    );
  }

  async load(): Promise<void> {
    const rows = await this.db.selectFrom('options').selectAll().execute();
    for (const row of rows) this.apply(row.key, row.value);
  }

  private async reload(key: string) {
    const row = await this.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst();
    this.apply(key, row?.value ?? optionDef(key)?.default ?? '');
  }

  private apply(key: string, value: string) {
    this.values.set(key, value);
    this.parsed.delete(key);
    for (const l of this.listeners) l(key);
  }

  onChange(listener: Listener) {
    this.listeners.push(listener);
  }

  has(key: string) {
    return this.values.has(key);
  }

  str(key: string): string {
    return this.values.get(key) ?? '';
  }
  bool(key: string): boolean {
    return this.values.get(key) === 'true';
  }
  num(key: string): number {
    return this.cached(key, (raw) => {
      const n = Number(raw);
      return Number.isFinite(n) ? n : Number(optionDef(key)?.default ?? 0);
    });
  }
  /** Parsed JSON value; an unparsable stored value falls back to the declared default. */
  json<T>(key: string): T {
    return this.cached(key, (raw) => {
      try {
        return JSON.parse(raw) as T;
      } catch {
        return JSON.parse(optionDef(key)?.default ?? 'null') as T;
      }
    });
  }
  /** Newline-separated lists such as SensitiveWords, trimmed, empties dropped. */
  lines(key: string): string[] {
    return this.cached(key, (raw) =>
      raw
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter(Boolean),
    );
  }

  private cached<T>(key: string, parse: (raw: string) => T): T {
    if (this.parsed.has(key)) return this.parsed.get(key) as T;
    const value = parse(this.values.get(key) ?? optionDef(key)?.default ?? '');
    this.parsed.set(key, value);
    return value;
  }

  /** Every option with secrets left out, for GET /api/option/. */
  publicList(): Array<{ key: string; value: string }> {
    const out: Array<{ key: string; value: string }> = [];
    for (const [key, value] of this.values) {
      if (optionDef(key)?.secret) continue;
      out.push({ key, value });
    }
    return out;
  }

  /** Validates, then saves one option. Throws OptionError with a user-facing message. */
  async set(key: string, raw: string): Promise<void> {
    const def = optionDef(key);
    if (!def) throw new OptionError(`未知的配置项：${key}`);
    const checked = validateOptionValue(def, raw);
    if (!checked.ok) throw new OptionError(checked.message);
    if (def.requires && checked.value === 'true' && this.str(def.requires.key).trim() === '') {
      throw new OptionError(def.requires.message);
    }
    await this.write(key, checked.value);
  }

  /** Saves without validation; for values the server produced itself (setup). */
  async write(key: string, value: string): Promise<void> {
    const insert = this.db.insertInto('options').values({ key, value });
    await (
      this.dialect === 'mysql'
        ? insert.onDuplicateKeyUpdate({ value })
        : insert.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    ).execute();
    this.apply(key, value);
    this.bus.publish('option', key);
  }
}
