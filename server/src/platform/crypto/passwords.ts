import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot import. */
const ARGON2ID = 2;
import bcrypt from 'bcryptjs';

/** argon2id for new hashes; bcrypt hashes imported from other gateways still verify. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    if (/^\$2[aby]\$/.test(stored)) return await bcrypt.compare(password, stored);
    return await verify(stored, password);
  } catch {
    return false;
  }
}
