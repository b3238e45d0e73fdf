import { optionDef, validateOptionValue } from '@gateway/contract';

/** A form's value for one option: switches hold booleans, number inputs numbers. */
export type OptionFormValue = string | number | boolean | null | undefined;

export interface OptionChange {
  key: string;
  value: string;
}

/** The stored string of a form value (booleans "true"/"false", numbers in decimal). */
export function toOptionString(value: OptionFormValue): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** The form value of a stored option, typed by its declaration. */
export function toFormValue(key: string, stored: string | undefined): OptionFormValue {
  const def = optionDef(key);
  const raw = stored ?? def?.default ?? '';
  if (def?.kind === 'bool') return raw === 'true';
  if (def?.kind === 'int' || def?.kind === 'float') {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  return raw;
}

/**
 * What a settings section sends, in order (spec 1 §4): only keys whose value changed; switches
 * ("…Enabled" and other booleans) first, then the rest. Secrets are sent only when something was
 * typed (they are never read back, so an empty box means "keep"); addresses lose a trailing slash.
 */
export function planOptionSave(
  keys: readonly string[],
  initial: Record<string, OptionFormValue>,
  current: Record<string, OptionFormValue>,
): OptionChange[] {
  const switches: OptionChange[] = [];
  const others: OptionChange[] = [];
  for (const key of keys) {
    const def = optionDef(key);
    let value = toOptionString(current[key]);
    if (def?.secret) {
      if (value.trim() === '') continue;
    } else if (def?.normalize) {
      value = def.normalize(value);
    }
    const before =
      def?.normalize && !def.secret
        ? def.normalize(toOptionString(initial[key]))
        : toOptionString(initial[key]);
    if (!def?.secret && value === before) continue;
    (def?.kind === 'bool' ? switches : others).push({ key, value });
  }
  return [...switches, ...others];
}

/** Client-side check of the declared rules before anything is sent; the first problem or null. */
export function checkOptionChanges(changes: OptionChange[]): { key: string; message: string } | null {
  for (const change of changes) {
    const def = optionDef(change.key);
    if (!def) continue;
    const result = validateOptionValue(def, change.value);
    if (!result.ok) return { key: change.key, message: result.message };
  }
  return null;
}

export type SaveOutcome = 'nothing' | 'saved' | 'partial' | 'failed';

/**
 * Sends the changes: switches one after another, then the rest together. A refused key does not
 * stop the others. The outcome decides the summary toast (spec 2 §8).
 */
export async function sendOptionChanges(
  changes: OptionChange[],
  put: (key: string, value: string) => Promise<unknown>,
): Promise<{ outcome: SaveOutcome; failed: string[] }> {
  if (changes.length === 0) return { outcome: 'nothing', failed: [] };
  const failed: string[] = [];
  const attempt = async (c: OptionChange) => {
    try {
      await put(c.key, c.value);
    } catch {
      failed.push(c.key);
    }
  };
  const switches = changes.filter((c) => optionDef(c.key)?.kind === 'bool');
  const rest = changes.filter((c) => optionDef(c.key)?.kind !== 'bool');
  for (const c of switches) await attempt(c);
  await Promise.all(rest.map(attempt));
  if (failed.length === 0) return { outcome: 'saved', failed };
  return { outcome: failed.length === changes.length ? 'failed' : 'partial', failed };
}
