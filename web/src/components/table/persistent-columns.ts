import { useCallback, useMemo } from 'react';
import { readLocalJson, useLocalValue, writeLocal } from '../../storage/local-store';

export interface ColumnChoice {
  key: string;
  /** Visible text in the column settings dialog. */
  title: string;
  /** Shown when the user never chose (default true). */
  defaultVisible?: boolean;
  /** Cannot be hidden (e.g. the actions column). */
  locked?: boolean;
}

/**
 * Which table columns are visible, kept in localStorage under `storageKey` (e.g.
 * `channels-table-columns`) as `{ [columnKey]: boolean }`. Unknown keys in storage are ignored;
 * columns missing from storage use their default.
 */
export function usePersistentColumns(storageKey: string, choices: readonly ColumnChoice[]) {
  const raw = useLocalValue(storageKey);
  const visible = useMemo(() => {
    const stored = raw === null ? null : readLocalJson<Record<string, boolean>>(storageKey);
    const out: Record<string, boolean> = {};
    for (const c of choices) out[c.key] = c.locked ? true : (stored?.[c.key] ?? c.defaultVisible ?? true);
    return out;
  }, [raw, storageKey, choices]);

  const save = useCallback(
    (next: Record<string, boolean>) => {
      const clean: Record<string, boolean> = {};
      for (const c of choices) clean[c.key] = c.locked ? true : Boolean(next[c.key]);
      writeLocal(storageKey, JSON.stringify(clean));
    },
    [choices, storageKey],
  );
  const reset = useCallback(() => writeLocal(storageKey, null), [storageKey]);
  return { visible, save, reset };
}

/** A remembered number such as a table's page size, under its own localStorage key. */
export function usePersistentNumber(storageKey: string, fallback: number, allowed?: readonly number[]) {
  const raw = useLocalValue(storageKey);
  const parsed = raw === null ? NaN : Number(raw);
  const value = Number.isFinite(parsed) && (!allowed || allowed.includes(parsed)) ? parsed : fallback;
  const set = useCallback((next: number) => writeLocal(storageKey, String(next)), [storageKey]);
  return [value, set] as const;
}

/** A remembered on/off flag (e.g. the channel list's id sort). */
export function usePersistentFlag(storageKey: string, fallback = false) {
  const raw = useLocalValue(storageKey);
  const value = raw === null ? fallback : raw === 'true';
  const set = useCallback((next: boolean) => writeLocal(storageKey, String(next)), [storageKey]);
  return [value, set] as const;
}
