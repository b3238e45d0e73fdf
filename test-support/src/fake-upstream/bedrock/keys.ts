import { randomBytes } from 'node:crypto';

/** AWS access keys the fake Bedrock knows: the secret is needed to check a SigV4 signature. */
export class AwsKeys {
  private readonly secrets = new Map<string, string>();
  private readonly sessions = new Map<string, string>();

  /** A new key pair as a Bedrock channel key `AK|SK|region`; scenarios are keyed by `accessKeyId`. */
  create(region = 'us-east-1'): { key: string; accessKeyId: string; secretAccessKey: string } {
    const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(30).toString('base64');
    this.secrets.set(accessKeyId, secretAccessKey);
    return { key: `${accessKeyId}|${secretAccessKey}|${region}`, accessKeyId, secretAccessKey };
  }

  /**
   * Temporary (STS) credentials as a channel key `AK|SK|region|sessionToken`: AWS accepts them only
   * with the session token in x-amz-security-token, signed with the request.
   */
  createSession(region = 'us-east-1'): {
    key: string;
    accessKeyId: string;
    secretAccessKey: string;
    sessionToken: string;
  } {
    const accessKeyId = `ASIA${randomBytes(8).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(30).toString('base64');
    const sessionToken = `IQoJb3JpZ2luX2Vj${randomBytes(48).toString('base64')}`;
    this.secrets.set(accessKeyId, secretAccessKey);
    this.sessions.set(accessKeyId, sessionToken);
    return {
      key: `${accessKeyId}|${secretAccessKey}|${region}|${sessionToken}`,
      accessKeyId,
      secretAccessKey,
      sessionToken,
    };
  }

  secret(accessKeyId: string): string | undefined {
    return this.secrets.get(accessKeyId);
  }

  /** The session token temporary credentials must come with; undefined for long-term keys. */
  sessionToken(accessKeyId: string): string | undefined {
    return this.sessions.get(accessKeyId);
  }
}
