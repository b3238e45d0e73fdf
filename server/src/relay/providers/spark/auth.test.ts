import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors.js';
import { parseSparkKey, signedSparkUrl } from './auth.js';

describe('Spark handshake signing', () => {
  const credentials = { appId: 'app1', apiSecret: 'secret-abc', apiKey: 'key-123' };
  const date = 'Mon, 01 Jan 2024 00:00:00 GMT';

  it('signs host, date and request line with the API secret, in the query', () => {
    const url = new URL(
      signedSparkUrl(new URL('wss://spark-api.xf-yun.com'), '/v3.5/chat', credentials, date),
    );
    expect(url.origin + url.pathname).toBe('wss://spark-api.xf-yun.com/v3.5/chat');
    expect(url.searchParams.get('date')).toBe(date);
    expect(url.searchParams.get('host')).toBe('spark-api.xf-yun.com');
    // Signature computed with `openssl dgst -sha256 -hmac secret-abc -binary | base64`.
    expect(Buffer.from(url.searchParams.get('authorization')!, 'base64').toString()).toBe(
      'api_key="key-123", algorithm="hmac-sha256", headers="host date request-line", ' +
        'signature="ZPbJgoe8rdJkqDdANoTzXeTYmuLhihL/qQnMoJSgjA8="',
    );
  });

  it('names a non-default port in the signed host', () => {
    const url = new URL(signedSparkUrl(new URL('ws://127.0.0.1:4321'), '/v2.1/chat', credentials, date));
    expect(url.searchParams.get('host')).toBe('127.0.0.1:4321');
    expect(url.pathname).toBe('/v2.1/chat');
  });

  it('reads appId|apiSecret|apiKey and refuses other shapes', () => {
    expect(parseSparkKey(' a | s | k ')).toEqual({ appId: 'a', apiSecret: 's', apiKey: 'k' });
    expect(() => parseSparkKey('a|s')).toThrow(RelayError);
    expect(() => parseSparkKey('a||k')).toThrow(RelayError);
  });
});
