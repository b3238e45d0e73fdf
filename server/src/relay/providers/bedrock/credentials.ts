import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { RelayError } from '../../errors.js';

export interface AwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  signer: SignatureV4;
}

const keys = new Map<string, AwsKey>();
const MAX_CACHED = 1000;

function invalidKey(): RelayError {
  return new RelayError(
    500,
    'AWS 渠道密钥格式错误，应为 AccessKey|SecretAccessKey|Region',
    'invalid_channel_key',
    {
      local: false,
      type: 'new_api_error',
    },
  );
}

/**
 * A channel key `AK|SK|region`, with its SigV4 signer. Signers are kept per key: each caches the
 * day's derived signing key, so a request costs one HMAC chain per day, not five per call.
 */
export function awsKey(key: string): AwsKey {
  let parsed = keys.get(key);
  if (parsed) return parsed;
  const [accessKeyId = '', secretAccessKey = '', region = '', ...rest] = key.split('|').map((p) => p.trim());
  if (!accessKeyId || !secretAccessKey || !region || rest.length > 0) throw invalidKey();
  const signer = new SignatureV4({
    service: 'bedrock',
    region,
    credentials: { accessKeyId, secretAccessKey },
    sha256: Hash.bind(null, 'sha256'),
  });
  parsed = { accessKeyId, secretAccessKey, region, signer };
  if (keys.size >= MAX_CACHED) keys.clear();
  keys.set(key, parsed);
  return parsed;
}
