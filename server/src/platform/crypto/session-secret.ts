import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The session key: from SESSION_SECRET, or generated once and kept in the data directory so a
 * restart keeps everyone signed in.
 */
export function resolveSessionSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session_secret');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch {
    // first start: generate below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** secure-session wants exactly 32 bytes. */
export const sessionKey = (secret: string): Buffer =>
  createHash('sha256').update(`session:${secret}`).digest();
