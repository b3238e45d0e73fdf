import type { SiteStatus } from '@gateway/contract';
import { describe, expect, it } from 'vitest';
import { authorizeUrl } from './oauth-links';

const status = {
  github_authorize_url: 'http://gh.test/login/oauth/authorize',
  github_client_id: 'gh-id',
  oidc_authorization_endpoint: 'http://idp.test/auth?tenant=1',
  oidc_client_id: 'oidc-id',
  linuxdo_authorize_url: 'http://ld.test/oauth2/authorize',
  linuxdo_client_id: 'ld-id',
} as SiteStatus;

describe('authorise links', () => {
  it('sends the client id, the callback page and the state', () => {
    const url = new URL(authorizeUrl('github', status, 's1', 'https://console.test'));
    expect(url.origin + url.pathname).toBe('http://gh.test/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'gh-id',
      redirect_uri: 'https://console.test/oauth/github',
      state: 's1',
    });
  });

  it('asks OIDC for the openid scope and keeps the endpoint’s own query', () => {
    const url = new URL(authorizeUrl('oidc', status, 's2', 'https://console.test'));
    expect(url.searchParams.get('tenant')).toBe('1');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('https://console.test/oauth/oidc');
  });

  it('leads LinuxDO back to its own callback page', () => {
    const url = new URL(authorizeUrl('linuxdo', status, 's3', 'https://console.test'));
    expect(url.searchParams.get('client_id')).toBe('ld-id');
    expect(url.searchParams.get('redirect_uri')).toBe('https://console.test/oauth/linuxdo');
    expect(url.searchParams.has('scope')).toBe(false);
  });
});
