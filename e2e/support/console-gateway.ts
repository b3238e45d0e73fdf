import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGateway, type RunningGateway } from '@gateway/test-support';

/** The built console; E2E_WEB_DIST points elsewhere (a build of one's own while others build too). */
export const WEB_DIST =
  process.env.E2E_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** A fresh gateway (empty database, setup not done) serving the built console. */
export async function startConsoleGateway(): Promise<RunningGateway> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`No built console at ${WEB_DIST}: run "npm run build" before the browser tests`);
  }
  return startGateway({ env: { WEB_DIST } });
}
