import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { followToRedirect } from './fake-oauth-browser.js';

/**
 * GitHub's or LinuxDO's OAuth 2 server and user API on loopback, speaking each one's wire format:
 * GitHub takes a JSON token request with the client credentials inside and answers errors with
 * 200; LinuxDO takes a form with HTTP Basic credentials and answers errors with 400. Codes work
 * once; the authorise page signs in whoever `signInAs` names and redirects back at once.
 */
export type OAuthFlavour = 'github' | 'linuxdo';

export interface FakeOAuthUser {
  /** GitHub: the login; LinuxDO: the numeric id. */
  login?: string;
  id: number;
  name?: string;
  email?: string;
  username?: string;
}

export interface FakeOAuthOptions {
  flavour: OAuthFlavour;
  clientId: string;
  clientSecret: string;
}

export interface FakeOAuth {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  userUrl: string;
  /** The gateway's environment pointing it here. */
  env: Record<string, string>;
  signInAs(user: FakeOAuthUser): void;
  /** A fresh code for this user, as if they had just approved the client. */
  issueCode(user: FakeOAuthUser): string;
  /** Walks an authorise link like a browser; answers the redirect back to the client. */
  authorize(url: string): Promise<URL>;
  /** Token requests received, for checking what the client sent. */
  tokenRequests: Array<{ headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

const PATHS = {
  github: { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user' },
  linuxdo: { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/api/user' },
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

export async function startFakeOAuth(options: FakeOAuthOptions): Promise<FakeOAuth> {
  const paths = PATHS[options.flavour];
  const codes = new Map<string, FakeOAuthUser>();
  const tokens = new Map<string, FakeOAuthUser>();
  const tokenRequests: FakeOAuth['tokenRequests'] = [];
  let current: FakeOAuthUser | undefined;
  const issueCode = (user: FakeOAuthUser) => {
    const code = randomBytes(8).toString('hex');
    codes.set(code, user);
    return code;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  /** GitHub: everything in a JSON body; LinuxDO: HTTP Basic client credentials and a form. */
  const credentials = (req: http.IncomingMessage, body: string) => {
    if (options.flavour === 'github') {
      const parsed = JSON.parse(body || '{}') as Record<string, string>;
      return {
        clientId: parsed.client_id ?? '',
        secret: parsed.client_secret ?? '',
        code: parsed.code ?? '',
        grantType: 'authorization_code',
      };
    }
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const [clientId = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
    const form = new URLSearchParams(body);
    return { clientId, secret, code: form.get('code') ?? '', grantType: form.get('grant_type') ?? '' };
  };

  const exchange = (req: http.IncomingMessage, body: string): { status: number; body: unknown } => {
    const { clientId, secret, code, grantType } = credentials(req, body);
    if (grantType !== 'authorization_code') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const refused = options.flavour === 'github' ? 200 : 400;
    if (clientId !== options.clientId || secret !== options.clientSecret) {
      return {
        status: refused === 200 ? 200 : 401,
        body: { error: 'invalid_client', error_description: 'bad client' },
      };
    }
    const user = codes.get(code);
    codes.delete(code);
    if (!user) {
      return {
        status: refused,
        body: {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        },
      };
    }
    const token = randomBytes(12).toString('hex');
    tokens.set(token, user);
    return { status: 200, body: { access_token: token, token_type: 'bearer', scope: '' } };
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      if (req.method === 'GET' && url.pathname === paths.authorize) {
        if (!current || url.searchParams.get('client_id') !== options.clientId) return json(res, 400, {});
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', issueCode(current));
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        return res.writeHead(302, { location: back.href }).end();
      }
      if (req.method === 'POST' && url.pathname === paths.token) {
        tokenRequests.push({ headers: req.headers, body });
        const answer = exchange(req, body);
        return json(res, answer.status, answer.body);
      }
      if (req.method === 'GET' && url.pathname === paths.user) {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const user = tokens.get(token);
        if (!user) return json(res, 401, { message: 'Bad credentials' });
        if (options.flavour === 'github') {
          return json(res, 200, {
            login: user.login,
            id: user.id,
            name: user.name ?? null,
            email: user.email ?? null,
          });
        }
        return json(res, 200, {
          id: user.id,
          username: user.username,
          name: user.name,
          active: true,
          trust_level: 1,
        });
      }
      json(res, 404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const prefix = options.flavour === 'github' ? 'GITHUB' : 'LINUXDO';
  return {
    url,
    authorizeUrl: url + paths.authorize,
    tokenUrl: url + paths.token,
    userUrl: url + paths.user,
    env: {
      [`${prefix}_OAUTH_AUTHORIZE_URL`]: url + paths.authorize,
      [`${prefix}_OAUTH_TOKEN_URL`]: url + paths.token,
      [`${prefix}_USER_API_URL`]: url + paths.user,
    },
    signInAs(user) {
      current = user;
    },
    issueCode,
    authorize: (link) => followToRedirect(link, url),
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
