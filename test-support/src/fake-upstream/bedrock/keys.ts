import { randomBytes } from 'node:crypto';

/** AWS access keys the fake Bedrock knows: the secret is needed to check a SigV4 signature. */
export class AwsKeys {
  private readonly secrets = new Map<string, string>();

  /** A new key pair as a Bedrock channel key `AK|SK|region`; scenarios are keyed by `accessKeyId`. */
  create(region = 'us-east-1'): { key: string; accessKeyId: string; secretAccessKey: string } {
    const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(30).toString('base64');
    this.secrets.set(accessKeyId, secretAccessKey);
    return { key: `${accessKeyId}|${secretAccessKey}|${region}`, accessKeyId, secretAccessKey };
  }

  secret(accessKeyId: string): string | undefined {
    return this.secrets.get(accessKeyId);
  }
}
