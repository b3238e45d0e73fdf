import { describe, expect, it, vi } from 'vitest';
import { readStoredUser, storeUser } from '../session/stored-user';
import { expireSession } from './client';

describe('expireSession', () => {
  it('forgets the stored user and goes to the login page with the expired notice', () => {
    storeUser({ id: 3, username: 'u', display_name: '', role: 1, status: 1, group: 'default' });
    const navigate = vi.fn();
    expireSession(navigate);
    expect(readStoredUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?expired=true');
  });

  it('does not reload the login page itself', () => {
    window.history.pushState({}, '', '/login');
    const navigate = vi.fn();
    expireSession(navigate);
    expect(navigate).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });
});
