/**
 * Checks a TC3-HMAC-SHA256 signature as Tencent Cloud does, step by step: the canonical request
 * from what was received (method, path, query, the signed headers' lower-cased values, the body's
 * SHA-256), the string to sign with the credential scope, the signing key derived from
 * `TC3<SecretKey>` through the date, the service and `tc3_request`, and the final HMAC.
 */
import { createHash, createHmac } from 'node:crypto';
import type { RecordedRequest } from '../types.js';
import type { TencentKeys } from './keys.js';

const AUTH =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

export interface Tc3Failure {
  code: string;
  message: string;
}

const fail = (code: string, message: string): Tc3Failure => ({ code, message });

export function checkTc3(request: RecordedRequest, keys: TencentKeys): Tc3Failure | null {
  const auth = String(request.headers.authorization ?? '');
  const m = AUTH.exec(auth);
  if (!m) return fail('AuthFailure.InvalidAuthorization', 'The Authorization header is not valid.');
  const [, secretId, date, service, signedHeaders, signature] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const secretKey = keys.secret(secretId);
  if (!secretKey)
    return fail(
      'AuthFailure.SecretIdNotFound',
      'The SecretId is not found, please ensure that your SecretId is correct.',
    );
  const timestamp = Number(request.headers['x-tc-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
    return fail(
      'AuthFailure.SignatureExpire',
      'Signature expired. Timestamp is more than 5 minutes away from the server time.',
    );
  }
  const names = signedHeaders.split(';');
  if (!names.includes('content-type') || !names.includes('host')) {
    return fail('AuthFailure.SignatureFailure', 'SignedHeaders must include content-type and host.');
  }
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const query = new URLSearchParams(request.query).toString();
  const bodyHash = createHash('sha256').update(request.rawBody).digest('hex');
  const canonicalRequest = `${request.method}\n${request.path}\n${query}\n${canonicalHeaders}\n${signedHeaders}\n${bodyHash}`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${createHash('sha256').update(canonicalRequest).digest('hex')}`;
  const secretDate = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const secretService = createHmac('sha256', secretDate).update(service).digest();
  const secretSigning = createHmac('sha256', secretService).update('tc3_request').digest();
  const expected = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  const day = new Date(timestamp * 1000).toISOString().slice(0, 10);
  if (expected !== signature || day !== date) {
    return fail(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated. Please check your signature is correct.',
    );
  }
  return null;
}
