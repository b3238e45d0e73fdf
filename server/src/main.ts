import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';

async function main() {
  const config = loadConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      await app.close();
      await ctx.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  const message = err instanceof ConfigError ? err.message : ((err as Error)?.message ?? String(err));
  console.error(`gateway failed to start: ${message}`);
  if (!(err instanceof ConfigError) && process.env.DEBUG) console.error(err);
  process.exit(1);
});
