import { randomBytes } from 'node:crypto';

export interface SparkApp {
  /** The channel key, `appId|apiSecret|apiKey`. */
  key: string;
  appId: string;
  apiSecret: string;
  /** Scenarios are keyed by it: it is what the signed handshake names. */
  apiKey: string;
}

/** Xunfei apps the fake Spark knows: the secret is needed to check a handshake's signature. */
export class SparkApps {
  private readonly byApiKey = new Map<string, SparkApp>();

  create(): SparkApp {
    const appId = randomBytes(4).toString('hex');
    const apiSecret = randomBytes(24).toString('base64url');
    const apiKey = randomBytes(16).toString('hex');
    const app = { key: `${appId}|${apiSecret}|${apiKey}`, appId, apiSecret, apiKey };
    this.byApiKey.set(apiKey, app);
    return app;
  }

  find(apiKey: string): SparkApp | undefined {
    return this.byApiKey.get(apiKey);
  }
}
