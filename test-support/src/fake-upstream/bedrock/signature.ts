/**
 * Checks a request's SigV4 signature the way AWS does: recomputes it from the method, path,
 * signed headers and the body's own hash with the key's secret, and compares.
 */
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import type { RecordedRequest, ErrorSpec } from '../types.js';
import { awsError } from './family.js';
import type { AwsKeys } from './keys.js';

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;
const MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

function amzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

/** null when the signature holds; else the 403 AWS would answer. */
export async function checkSignature(request: RecordedRequest, keys: AwsKeys): Promise<ErrorSpec | null> {
  const auth = String(request.headers.authorization ?? '');
  const m = AUTH.exec(auth);
  if (!m)
    return awsError({
      status: 403,
      type: 'IncompleteSignatureException',
      message: 'Authorization header requires Credential, SignedHeaders and Signature.',
    });
  const [, accessKeyId, , region, service, signedHeaders] = m as unknown as string[];
  const secretAccessKey = keys.secret(accessKeyId!);
  if (!secretAccessKey) {
    return awsError({
      status: 403,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });
  }
  // Temporary credentials are refused without their session token, and the token must be signed.
  const sessionToken = keys.sessionToken(accessKeyId!);
  const sentToken = request.headers['x-amz-security-token'];
  if (sessionToken !== undefined && sentToken !== sessionToken) {
    return awsError({
      status: 403,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });
  }
  if (sessionToken !== undefined && !signedHeaders!.split(';').includes('x-amz-security-token')) {
    return awsError({ status: 403, type: 'InvalidSignatureException', message: MISMATCH });
  }
  const date = amzDate(String(request.headers['x-amz-date'] ?? ''));
  if (!date || service !== 'bedrock')
    return awsError({ status: 403, type: 'InvalidSignatureException', message: MISMATCH });
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    // The payload hash is recomputed from the body received, never taken from the header.
    if (name !== 'x-amz-content-sha256') headers[name] = String(request.headers[name] ?? '');
  }
  const signer = new SignatureV4({
    applyChecksum: signedHeaders!.split(';').includes('x-amz-content-sha256'),
    service,
    region: region!,
    credentials: { accessKeyId: accessKeyId!, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    sha256: Hash.bind(null, 'sha256'),
  });
  const signed = await signer.sign(
    new HttpRequest({
      method: request.method,
      hostname: headers.host ?? '',
      path: request.path,
      query: request.query,
      headers,
      body: request.rawBody,
    }),
    { signingDate: date },
  );
  if (signed.headers.authorization !== auth)
    return awsError({ status: 403, type: 'InvalidSignatureException', message: MISMATCH });
  return null;
}
