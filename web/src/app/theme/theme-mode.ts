import { useCallback, useEffect } from 'react';
import { StorageKey } from '../../storage/keys';
import { readLocal, useLocalValue, writeLocal } from '../../storage/local-store';

export type ThemeMode = 'light' | 'dark';

const parseMode = (raw: string | null): ThemeMode => (raw === 'dark' ? 'dark' : 'light');

/** Semi UI switches its palette on the body attribute theme-mode. */
export function applyThemeMode(mode: ThemeMode) {
  if (mode === 'dark') document.body.setAttribute('theme-mode', 'dark');
  else document.body.removeAttribute('theme-mode');
}

/** Called before the first render so a dark-mode visitor never sees a light flash. */
export const applyStoredThemeMode = () => applyThemeMode(parseMode(readLocal(StorageKey.themeMode)));

export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = parseMode(useLocalValue(StorageKey.themeMode));
  useEffect(() => applyThemeMode(mode), [mode]);
  const setMode = useCallback((next: ThemeMode) => writeLocal(StorageKey.themeMode, next), []);
  return [mode, setMode];
}
