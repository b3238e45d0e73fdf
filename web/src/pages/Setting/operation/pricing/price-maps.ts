/**
 * The three tables that price a model (spec 2 §5): ModelPrice (USD per call, wins), ModelRatio and
 * CompletionRatio. Every edit returns new maps; nothing here mutates its input.
 */

export type NumberMap = Record<string, number>;

export interface PriceMaps {
  ModelPrice: NumberMap;
  ModelRatio: NumberMap;
  CompletionRatio: NumberMap;
}

export const PRICE_MAP_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const;
/** Every option the pricing area edits; CacheRatio only through its JSON editor. */
export const PRICING_OPTION_KEYS = ['ModelPrice', 'ModelRatio', 'CacheRatio', 'CompletionRatio'] as const;
export type PricingOptionKey = (typeof PRICING_OPTION_KEYS)[number];

/** One model in the visual editor (spec 1 §3 "Price editor row"). */
export interface PriceRow {
  name: string;
  price?: number;
  ratio?: number;
  completionRatio?: number;
}

/** How one model is priced after an edit: per call, or per token with an optional completion ratio. */
export type Pricing =
  { mode: 'request'; price: number } | { mode: 'token'; ratio: number; completionRatio?: number };

function isNumberMap(value: unknown): value is NumberMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'number' && Number.isFinite(v))
  );
}

/** A stored JSON map, or undefined when it is not an object of numbers. */
export function parseNumberMap(text: string | undefined): NumberMap | undefined {
  try {
    const parsed: unknown = JSON.parse(text === undefined || text.trim() === '' ? '{}' : text);
    return isNumberMap(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The three maps from stored option values, or undefined if any of them is unusable. */
export function parsePriceMaps(values: Partial<Record<string, unknown>>): PriceMaps | undefined {
  const maps: Partial<PriceMaps> = {};
  for (const key of PRICE_MAP_KEYS) {
    const raw = values[key];
    const map = parseNumberMap(typeof raw === 'string' ? raw : undefined);
    if (!map) return undefined;
    maps[key] = map;
  }
  return maps as PriceMaps;
}

/** One row per model named in any of the maps, sorted by name. */
export function buildPriceRows(maps: PriceMaps): PriceRow[] {
  const names = new Set([
    ...Object.keys(maps.ModelPrice),
    ...Object.keys(maps.ModelRatio),
    ...Object.keys(maps.CompletionRatio),
  ]);
  return [...names].sort(compareNames).map((name) => ({
    name,
    price: maps.ModelPrice[name],
    ratio: maps.ModelRatio[name],
    completionRatio: maps.CompletionRatio[name],
  }));
}

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rows whose name contains the keyword, ignoring case. */
export function filterRows<T extends { name: string }>(rows: readonly T[], keyword: string): T[] {
  const needle = keyword.trim().toLowerCase();
  return needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : [...rows];
}

function without(map: NumberMap, name: string): NumberMap {
  if (!(name in map)) return map;
  const next = { ...map };
  delete next[name];
  return next;
}

/**
 * Prices one model. A fixed price removes its ratios, so the table never shows a ratio the relay
 * would ignore; per-token pricing removes the fixed price, which would otherwise win.
 */
export function applyPricing(maps: PriceMaps, name: string, pricing: Pricing): PriceMaps {
  if (pricing.mode === 'request') {
    return {
      ModelPrice: { ...maps.ModelPrice, [name]: pricing.price },
      ModelRatio: without(maps.ModelRatio, name),
      CompletionRatio: without(maps.CompletionRatio, name),
    };
  }
  return {
    ModelPrice: without(maps.ModelPrice, name),
    ModelRatio: { ...maps.ModelRatio, [name]: pricing.ratio },
    CompletionRatio:
      pricing.completionRatio === undefined
        ? without(maps.CompletionRatio, name)
        : { ...maps.CompletionRatio, [name]: pricing.completionRatio },
  };
}

/** Forgets a model's price and ratios (it becomes unpriced). */
export function removePricing(maps: PriceMaps, name: string): PriceMaps {
  return {
    ModelPrice: without(maps.ModelPrice, name),
    ModelRatio: without(maps.ModelRatio, name),
    CompletionRatio: without(maps.CompletionRatio, name),
  };
}

/** Whether the relay can price the model: a fixed price or a model ratio (spec 2 §5). */
export function isPriced(maps: PriceMaps, name: string): boolean {
  return maps.ModelPrice[name] !== undefined || maps.ModelRatio[name] !== undefined;
}

/** Enabled models the relay would refuse for lack of a price, in the server's order, deduplicated. */
export function unsetModelNames(enabled: readonly string[], maps: PriceMaps): string[] {
  return [...new Set(enabled)].filter((name) => !isPriced(maps, name));
}

/** The same JSON value, whatever the key order or spacing. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => compareNames(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The string to save for one option: the stored string itself when the value means the same (so
 * the save sends only keys that really changed), else compact JSON.
 */
export function optionText(stored: string | undefined, value: unknown): string {
  if (stored !== undefined) {
    try {
      if (sameJson(JSON.parse(stored), value)) return stored;
    } catch {
      // A stored value that is not JSON differs from any value.
    }
  }
  return JSON.stringify(value);
}

/** Save values for every pricing option: the given maps for the three tables, the rest as stored. */
export function pricingSaveValues(
  stored: Partial<Record<string, unknown>>,
  maps: PriceMaps,
): Record<PricingOptionKey, string> {
  const text = (key: PricingOptionKey) => {
    const raw = stored[key];
    return typeof raw === 'string' ? raw : '';
  };
  return {
    ModelPrice: optionText(text('ModelPrice'), maps.ModelPrice),
    ModelRatio: optionText(text('ModelRatio'), maps.ModelRatio),
    CacheRatio: text('CacheRatio'),
    CompletionRatio: optionText(text('CompletionRatio'), maps.CompletionRatio),
  };
}

/** Pretty JSON for a text area; an unparsable stored value is shown as it is, to be fixed. */
export function prettyJson(stored: string | undefined): string {
  if (stored === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(stored), null, 2);
  } catch {
    return stored;
  }
}

/**
 * What a JSON text area saves: the stored string when the text means the same, compact JSON when
 * it changed, and the text as typed when it is not JSON (the save's check then names the problem).
 */
export function jsonEditorValue(stored: string | undefined, text: string): string {
  try {
    return optionText(stored, JSON.parse(text));
  } catch {
    return text;
  }
}

export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * One page of rows, the page number clamped to the pages there are (a delete can empty the last
 * one). Semi's table leaves slicing to the caller once its pager is controlled.
 */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { page: number; rows: T[] } {
  const last = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), last);
  return { page: current, rows: rows.slice((current - 1) * size, current * size) };
}
