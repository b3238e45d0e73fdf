import { Role } from '@gateway/contract';
import { useMemo } from 'react';
import { StorageKey } from '../storage/keys';
import { readLocal, useLocalValue, writeLocal } from '../storage/local-store';

/** What the login answer gives and the console keeps under `user`. */
export interface StoredUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    if (!value || typeof value.id !== 'number') return null;
    return {
      id: value.id,
      username: value.username ?? '',
      display_name: value.display_name ?? '',
      role: typeof value.role === 'number' ? value.role : Role.User,
      status: value.status ?? 1,
      group: value.group ?? 'default',
    };
  } catch {
    return null;
  }
}

export const readStoredUser = () => parseUser(readLocal(StorageKey.user));
export const storeUser = (user: StoredUser) => writeLocal(StorageKey.user, JSON.stringify(user));
export const clearStoredUser = () => writeLocal(StorageKey.user, null);

export function useStoredUser(): StoredUser | null {
  const raw = useLocalValue(StorageKey.user);
  return useMemo(() => parseUser(raw), [raw]);
}

export const isAdmin = (user: StoredUser | null) => (user?.role ?? 0) >= Role.Admin;
export const isRoot = (user: StoredUser | null) => (user?.role ?? 0) >= Role.Root;
