import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

function notify(key: string) {
  listeners.get(key)?.forEach((listener) => listener());
}

// Another tab signing out or switching theme should show here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null) listeners.forEach((_set, key) => notify(key));
    else notify(event.key);
  });
}

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a key and tells every component reading it. */
export function writeLocal(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the console keeps working from memory for this visit.
  }
  notify(key);
}

export function subscribeLocal(key: string, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** The raw string under a key, re-rendering when writeLocal or another tab changes it. */
export function useLocalValue(key: string): string | null {
  return useSyncExternalStore(
    (listener) => subscribeLocal(key, listener),
    () => readLocal(key),
  );
}

export function readLocalJson<T>(key: string): T | null {
  const raw = readLocal(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
