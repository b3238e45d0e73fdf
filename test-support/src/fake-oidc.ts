import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { followToRedirect } from './fake-oauth-browser.js';

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback, with one confidential client.
 * Its sign-in screen is skipped: whoever `signInAs` names is signed in and consents at once, so
 * tests (and the browser test) run the full authorization-code flow without a form.
 */
export interface OidcAccount {
  sub: string;
  email?: string;
  name?: string;
  preferred_username?: string;
}

export interface FakeOidcOptions {
  clientId: string;
  clientSecret: string;
  /** The gateway console's /oauth/oidc address(es). */
  redirectUris: string[];
}

export interface FakeOidc {
  issuer: string;
  wellKnown: string;
  authorizationEndpoint: string;
  /** The account the next authorisation signs in. */
  signInAs(account: OidcAccount): void;
  /** Walks an authorise link like a browser and answers the redirect back to the client. */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startFakeOidc(options: FakeOidcOptions): Promise<FakeOidc> {
  const accounts = new Map<string, OidcAccount>();
  let current: OidcAccount | undefined;
  // The provider needs its own address, known only once the server listens.
  const ref: { provider?: Provider } = {};

  const server = http.createServer((req, res) => {
    if (!ref.provider) {
      res.writeHead(503).end();
      return;
    }
    const p = ref.provider;
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await p.interactionDetails(req, res);
          if (!current) throw new Error('fake OIDC: nobody to sign in (call signInAs first)');
          const accountId = current.sub;
          const grant = new p.Grant({ accountId, clientId: details.params.client_id ?? '' });
          grant.addOIDCScope(details.params.scope ?? 'openid');
          const grantId = await grant.save();
          await p.interactionFinished(
            req,
            res,
            { login: { accountId }, consent: { grantId } },
            { mergeWithLastSubmission: false },
          );
        } catch (err) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
        }
      })();
      return;
    }
    p.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ref.provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account, email_verified: true }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['fake-oidc-cookie-key'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
    },
  });

  return {
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    authorizationEndpoint: `${issuer}/auth`,
    signInAs(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    authorize: (url) => followToRedirect(url, issuer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
