import type { SiteStatus } from '@gateway/contract';
import { fetchOAuthState, type OAuthProvider } from '../../api/oauth-queries';
import { StorageKey } from '../../storage/keys';
import { readLocal } from '../../storage/local-store';
import { authorizeUrl } from './oauth-links';

/**
 * Takes a state from the server (with the invite code the visitor came with) and leaves for the
 * provider. The same call binds when signed in: the callback sees the session.
 */
export async function startOAuth(provider: OAuthProvider, status: SiteStatus) {
  const state = await fetchOAuthState(readLocal(StorageKey.affCode));
  window.location.assign(authorizeUrl(provider, status, state, window.location.origin));
}
