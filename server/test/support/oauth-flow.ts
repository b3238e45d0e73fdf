import type { ApiClient, ApiResult } from '@gateway/test-support';

/** What the console's third-party buttons and callback page do, for the OAuth integration tests. */

export interface AuthorizeTarget {
  provider: 'github' | 'oidc' | 'linuxdo';
  authorizeUrl: string;
  clientId: string;
  /** Walks the provider's pages like a browser and answers where it sent the browser back. */
  authorize(url: string): Promise<URL>;
}

/** GET /api/oauth/state, then the provider's authorise link as the login page builds it. */
export async function authorizeLink(client: ApiClient, target: AuthorizeTarget, aff = ''): Promise<string> {
  const state = await client.get<string>(`/api/oauth/state${aff ? `?aff=${aff}` : ''}`);
  if (!state.body.success || !state.body.data) throw new Error(`state: ${state.body.message}`);
  const link = new URL(target.authorizeUrl);
  link.searchParams.set('client_id', target.clientId);
  link.searchParams.set('redirect_uri', `${client.baseUrl}/oauth/${target.provider}`);
  link.searchParams.set('state', state.body.data);
  link.searchParams.set('response_type', 'code');
  link.searchParams.set('scope', target.provider === 'oidc' ? 'openid profile email' : 'user:email');
  return link.href;
}

/** The callback page's call with whatever the provider sent back. */
export function callback(client: ApiClient, provider: string, back: URL) {
  return client.get<{ id: number; username: string }>(`/api/oauth/${provider}${back.search}`);
}

/** The whole round trip; a signed-in answer also makes the client send New-Api-User. */
export async function oauthRoundTrip(
  client: ApiClient,
  target: AuthorizeTarget,
  aff = '',
): Promise<ApiResult<{ id: number; username: string }>> {
  const back = await target.authorize(await authorizeLink(client, target, aff));
  const res = await callback(client, target.provider, back);
  if (res.body.success && res.body.data?.id && client.userId === null) client.userId = res.body.data.id;
  return res;
}
