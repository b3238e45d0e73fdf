import type { SiteStatus } from '@gateway/contract';
import type { OAuthProvider } from '../../api/oauth-queries';

/** The callback page a provider sends the browser back to (the server expects this address). */
export const oauthCallbackUrl = (origin: string, provider: OAuthProvider) => `${origin}/oauth/${provider}`;

/**
 * The provider's authorise link. The addresses come from /api/status: GitHub's and LinuxDO's
 * from the server's configuration, the OIDC one from the system settings.
 */
export function authorizeUrl(
  provider: OAuthProvider,
  status: SiteStatus,
  state: string,
  origin: string,
): string {
  const base = {
    github: status.github_authorize_url,
    oidc: status.oidc_authorization_endpoint,
    linuxdo: status.linuxdo_authorize_url,
  }[provider];
  const clientId = {
    github: status.github_client_id,
    oidc: status.oidc_client_id,
    linuxdo: status.linuxdo_client_id,
  }[provider];
  const url = new URL(base);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', oauthCallbackUrl(origin, provider));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  // LinuxDO grants its one scope without being asked.
  const scope = { github: 'user:email', oidc: 'openid profile email', linuxdo: '' }[provider];
  if (scope) url.searchParams.set('scope', scope);
  return url.href;
}
