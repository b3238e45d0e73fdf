import type { OidcEndpoints, UpdateCheck } from '@gateway/contract';
import { api } from './client';

/** The endpoints of an OIDC discovery document, read by the server (providers rarely allow CORS). */
export function fetchOidcEndpoints(wellKnownUrl: string): Promise<OidcEndpoints> {
  return api.get<OidcEndpoints>('/api/option/oidc_discovery', { query: { url: wellKnownUrl }, quiet: true });
}

/** The running version against the latest release; the caller words the failure itself. */
export function checkForUpdate(): Promise<UpdateCheck> {
  return api.get<UpdateCheck>('/api/status/update', { quiet: true });
}
