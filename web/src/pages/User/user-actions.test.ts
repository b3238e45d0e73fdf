import type { UserView } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import { allowedUserActions } from './user-actions';

const user = (role: number, deleted = false) => ({ role, DeletedAt: deleted ? 1 : null }) as UserView;

describe('allowedUserActions', () => {
  it('lets the super admin promote users, demote admins, and never act against a root', () => {
    expect(allowedUserActions(100, user(1))).toEqual({
      promote: true,
      demote: false,
      toggle: true,
      edit: true,
      delete: true,
    });
    expect(allowedUserActions(100, user(10))).toEqual({
      promote: false,
      demote: true,
      toggle: true,
      edit: true,
      delete: true,
    });
    expect(allowedUserActions(100, user(100))).toEqual({
      promote: false,
      demote: false,
      toggle: false,
      edit: true,
      delete: false,
    });
  });

  it('lets an admin manage normal users only, without promoting', () => {
    expect(allowedUserActions(10, user(1))).toEqual({
      promote: false,
      demote: false,
      toggle: true,
      edit: true,
      delete: true,
    });
    for (const peer of [10, 100]) {
      expect(Object.values(allowedUserActions(10, user(peer))).some(Boolean)).toBe(false);
    }
  });

  it('offers nothing on a deregistered user', () => {
    expect(Object.values(allowedUserActions(100, user(1, true))).some(Boolean)).toBe(false);
  });
});
