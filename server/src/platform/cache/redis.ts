import { Redis } from 'ioredis';
import { ConfigError } from '../../config.js';

/** Connects and pings within 5 s; a failure stops start-up with a one-line reason. */
export async function connectRedis(url: string): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true });
  client.on('error', () => undefined);
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 5 s')), 5000)),
    ]);
  } catch (err) {
    client.disconnect();
    throw new ConfigError(`cannot connect to Redis: ${(err as Error).message}`);
  }
  return client;
}
