import { createHmac } from 'node:crypto';
import { RelayError } from '../../errors.js';

/** A Spark channel key `appId|apiSecret|apiKey`, as Xunfei's console lists the three. */
export interface SparkCredentials {
  appId: string;
  apiSecret: string;
  apiKey: string;
}

export function parseSparkKey(key: string): SparkCredentials {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => !part)) {
    throw new RelayError(
      500,
      '讯飞星火渠道密钥格式错误，应为 APPID|APISecret|APIKey',
      'invalid_channel_key',
      {
        local: false,
        type: 'new_api_error',
      },
    );
  }
  const [appId, apiSecret, apiKey] = parts as [string, string, string];
  return { appId, apiSecret, apiKey };
}

/**
 * Xunfei's HMAC handshake: the signature covers the host, the date and the request line, and
 * travels in the query (a WebSocket handshake from a browser cannot carry headers).
 * `date` is an RFC 1123 date; Xunfei refuses one more than five minutes off.
 */
export function signedSparkUrl(
  base: URL,
  path: string,
  credentials: SparkCredentials,
  date = new Date().toUTCString(),
): string {
  const host = base.host;
  const signed = `host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`;
  const signature = createHmac('sha256', credentials.apiSecret).update(signed).digest('base64');
  const authorization = Buffer.from(
    `api_key="${credentials.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
  ).toString('base64');
  const url = new URL(path, base);
  url.search = new URLSearchParams({ authorization, date, host }).toString();
  return url.toString();
}
