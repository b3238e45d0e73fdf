import { createHash, createHmac } from 'node:crypto';

/** What one TC3-HMAC-SHA256 signature covers. */
export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product, e.g. `hunyuan` (also the host's first label on Tencent Cloud). */
  service: string;
  host: string;
  action: string;
  version: string;
  region?: string;
  /** Unix seconds; the credential's date is its UTC day. */
  timestamp: number;
  contentType: string;
  payload: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** The headers Tencent's SDKs sign: the content type, the host and the action (values in lower case). */
const SIGNED_HEADERS = 'content-type;host;x-tc-action';

/**
 * Tencent Cloud API 3.0's signature: a canonical request (method, path `/`, empty query, the
 * signed headers, the payload's SHA-256), hashed into a string to sign with the credential
 * scope `<date>/<service>/tc3_request`, HMAC'd with a key derived from `TC3<secretKey>` through
 * the date, the service and `tc3_request`. Returns every header the call needs.
 */
export function tc3Headers(req: Tc3Request): Record<string, string> {
  const date = new Date(req.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalHeaders =
    `content-type:${req.contentType.toLowerCase()}\n` +
    `host:${req.host.toLowerCase()}\n` +
    `x-tc-action:${req.action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, SIGNED_HEADERS, sha256Hex(req.payload)].join(
    '\n',
  );
  const scope = `${date}/${req.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(req.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${req.secretKey}`, date), req.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const headers: Record<string, string> = {
    authorization: `TC3-HMAC-SHA256 Credential=${req.secretId}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`,
    'content-type': req.contentType,
    host: req.host,
    'x-tc-action': req.action,
    'x-tc-version': req.version,
    'x-tc-timestamp': String(req.timestamp),
  };
  if (req.region) headers['x-tc-region'] = req.region;
  return headers;
}
