import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Screenshots for people to look at; the folder is gitignored. */
export function artifactPath(name: string): string {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
