import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { RelayError } from '../../errors.js';

export interface AwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Temporary credentials (STS) come with a session token, sent as x-amz-security-token. */
  sessionToken?: string;
  signer: SignatureV4;
}

const keys = new Map<string, AwsKey>();
const MAX_CACHED = 1000;

function invalidKey(): RelayError {
  return new RelayError(
    500,
    'AWS 渠道密钥格式错误，应为 AccessKey|SecretAccessKey|Region 或 AccessKey|SecretAccessKey|Region|SessionToken',
    'invalid_channel_key',
    {
      local: false,
      type: 'new_api_error',
    },
  );
}

/**
 * A channel key `AK|SK|region`, or `AK|SK|region|sessionToken` for temporary credentials, with
 * its SigV4 signer (which adds x-amz-security-token and signs it). Signers are kept per key: each
 * caches the day's derived signing key, so a request costs one HMAC chain per day, not five per call.
 */
export function awsKey(key: string): AwsKey {
  let parsed = keys.get(key);
  if (parsed) return parsed;
  const parts = key.split('|').map((p) => p.trim());
  const [accessKeyId = '', secretAccessKey = '', region = ''] = parts;
  const sessionToken = parts[3];
  if (!accessKeyId || !secretAccessKey || !region || parts.length > 4 || sessionToken === '')
    throw invalidKey();
  const signer = new SignatureV4({
    service: 'bedrock',
    region,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    sha256: Hash.bind(null, 'sha256'),
  });
  parsed = { accessKeyId, secretAccessKey, region, ...(sessionToken ? { sessionToken } : {}), signer };
  if (keys.size >= MAX_CACHED) keys.clear();
  keys.set(key, parsed);
  return parsed;
}
