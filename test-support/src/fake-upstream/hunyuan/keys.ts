import { randomBytes } from 'node:crypto';

/** Tencent Cloud API keys the fake knows: the SecretKey is needed to check a TC3 signature. */
export class TencentKeys {
  private readonly secrets = new Map<string, string>();

  /** A new key as a channel key `AppId|SecretId|SecretKey`; scenarios are keyed by `secretId`. */
  create(): { key: string; appId: string; secretId: string; secretKey: string } {
    const appId = String(1_250_000_000 + randomBytes(3).readUIntBE(0, 3));
    const secretId = `AKID${randomBytes(16).toString('hex')}`;
    const secretKey = randomBytes(16).toString('hex');
    this.secrets.set(secretId, secretKey);
    return { key: `${appId}|${secretId}|${secretKey}`, appId, secretId, secretKey };
  }

  secret(secretId: string): string | undefined {
    return this.secrets.get(secretId);
  }
}
