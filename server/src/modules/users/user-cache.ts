import type { UserSetting } from '@gateway/contract';
import { userSettingSchema } from '@gateway/contract';
import type { Bus } from '../../platform/cache/bus.js';
import type { UserRepo } from './repo.js';

/** What authentication and the relay need to know about a user, kept in memory. */
export interface CachedUser {
  id: number;
  username: string;
  displayName: string;
  role: number;
  status: number;
  group: string;
  email: string;
  setting: UserSetting;
  /** Sessions issued under another generation are no longer valid. */
  sessionVersion: number;
}

const MAX_ENTRIES = 50_000;

/**
 * Users by id. Any change to a user publishes `user` with the id, which drops the entry on every
 * instance, so a ban or demotion takes effect on the next request.
 */
export class UserCache {
  private entries = new Map<number, CachedUser | null>();

  constructor(
    private readonly repo: UserRepo,
    private readonly bus: Bus,
  ) {
    bus.subscribe('user', (id) => this.entries.delete(Number(id)));
    bus.subscribe('resync', () => this.entries.clear());
  }

  /** A non-deleted user, or undefined. */
  async get(id: number): Promise<CachedUser | undefined> {
    const hit = this.entries.get(id);
    if (hit !== undefined) return hit ?? undefined;
    const row = await this.repo.findById(id);
    const user: CachedUser | null = row
      ? {
          id: row.id,
          username: row.username,
          displayName: row.display_name,
          role: row.role,
          status: row.status,
          group: row.group,
          email: row.email,
          setting: parseSetting(row.setting),
          sessionVersion: row.session_version,
        }
      : null;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(id, user);
    return user ?? undefined;
  }

  /** Call after any write to a user row. */
  invalidate(id: number) {
    this.bus.publish('user', String(id));
  }
}

export function parseSetting(raw: string | null): UserSetting {
  if (raw) {
    try {
      const parsed = userSettingSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through to defaults
    }
  }
  return userSettingSchema.parse({});
}
