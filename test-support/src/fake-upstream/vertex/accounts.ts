import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { decodeJwt, jwtVerify } from 'jose';

const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const CLOUD_PLATFORM = 'https://www.googleapis.com/auth/cloud-platform';

export interface TokenGrantError {
  error: string;
  error_description: string;
}

/**
 * Service accounts the fake Google knows (their public keys, as Google keeps them), the access
 * tokens it issued, and how many grants it served. Tokens look like `ya29.fake.<n>.<email>`, so
 * scenarios are keyed by the account's `client_email`.
 */
export class GoogleAccounts {
  /** JWT grants answered with a token. */
  grants = 0;
  /** Lifetime of issued tokens, in seconds. */
  expiresIn = 3599;
  private readonly publicKeys = new Map<string, { key: KeyObject; project: string }>();
  private readonly tokens = new Map<string, { email: string; expiresAt: number }>();

  constructor(private readonly baseUrl: () => string) {}

  /** A new service-account JSON key (the Vertex channel key); its token_uri is this fake. */
  createServiceAccount(project = 'fake-project'): { key: string; email: string; project: string } {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const email = `gw-${randomBytes(4).toString('hex')}@${project}.iam.gserviceaccount.com`;
    this.publicKeys.set(email, { key: publicKey, project });
    const json = {
      type: 'service_account',
      project_id: project,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: email,
      client_id: String(randomBytes(8).readBigUInt64BE()),
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${this.baseUrl()}/token`,
    };
    return { key: JSON.stringify(json), email, project };
  }

  /** Checks the JWT assertion's signature, issuer, audience, lifetime and scope; issues a token. */
  async grant(
    assertion: string,
  ): Promise<{ access_token: string; expires_in: number; token_type: string } | TokenGrantError> {
    let email: string;
    try {
      email = String(decodeJwt(assertion).iss ?? '');
    } catch {
      return {
        error: 'invalid_grant',
        error_description: 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe',
      };
    }
    const account = this.publicKeys.get(email);
    if (!account) return { error: 'invalid_grant', error_description: 'Invalid grant: account not found' };
    try {
      const { payload } = await jwtVerify(assertion, account.key, {
        issuer: email,
        audience: GOOGLE_TOKEN_AUDIENCE,
        algorithms: ['RS256'],
        maxTokenAge: '1h',
      });
      if (
        !String(payload.scope ?? '')
          .split(' ')
          .includes(CLOUD_PLATFORM)
      ) {
        return {
          error: 'invalid_scope',
          error_description: 'Invalid OAuth scope or ID token audience provided.',
        };
      }
    } catch {
      return { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' };
    }
    this.grants += 1;
    const token = `ya29.fake.${this.grants}.${email}`;
    this.tokens.set(token, { email, expiresAt: Date.now() + this.expiresIn * 1000 });
    return { access_token: token, expires_in: this.expiresIn, token_type: 'Bearer' };
  }

  /** The account and project a live token belongs to, or null. */
  tokenOwner(authorization: string | undefined): { email: string; project: string } | null {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    const issued = this.tokens.get(token);
    if (!issued || issued.expiresAt <= Date.now()) return null;
    return { email: issued.email, project: this.publicKeys.get(issued.email)?.project ?? '' };
  }
}
