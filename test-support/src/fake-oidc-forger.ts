import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { followToRedirect } from './fake-oauth-browser.js';

/**
 * An OpenID provider that lies: its discovery document and keys look right, but the ID tokens it
 * hands out are signed with a key it never published, or are addressed to another client, or
 * come from another issuer. A client that checks ID tokens must refuse every one of them.
 */
export type Forgery = 'unpublished-key' | 'other-audience' | 'other-issuer';

export interface ForgingOidc {
  wellKnown: string;
  authorizationEndpoint: string;
  forgery: Forgery;
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startForgingOidc(clientId: string, subject: string): Promise<ForgingOidc> {
  const published = await generateKeyPair('RS256');
  const secret = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Set<string>();
  let issuer = '';
  const fake: ForgingOidc = {
    wellKnown: '',
    authorizationEndpoint: '',
    forgery: 'unpublished-key',
    authorize: (url) => followToRedirect(url, issuer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const idToken = () => {
    const key = fake.forgery === 'unpublished-key' ? secret.privateKey : published.privateKey;
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject(subject)
      .setIssuer(fake.forgery === 'other-issuer' ? 'https://idp.elsewhere.example' : issuer)
      .setAudience(fake.forgery === 'other-audience' ? 'someone-else' : clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const json = (body: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/me`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      }
      if (url.pathname === '/jwks') return json({ keys: [publicJwk] });
      if (url.pathname === '/auth') {
        const code = randomBytes(8).toString('hex');
        codes.add(code);
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        return res.writeHead(302, { location: back.href }).end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        for await (const _chunk of req) void _chunk;
        return json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: await idToken() });
      }
      if (url.pathname === '/me') return json({ sub: subject });
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.wellKnown = `${issuer}/.well-known/openid-configuration`;
  fake.authorizationEndpoint = `${issuer}/auth`;
  return fake;
}
