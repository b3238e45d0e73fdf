import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type BusHandler = (payload: string) => void;

/**
 * Change notifications between instances. Handlers run on the publishing instance at once and on
 * every other instance when Redis delivers the message. Used to invalidate in-process caches.
 */
export interface Bus {
  publish(topic: string, payload?: string): void;
  subscribe(topic: string, handler: BusHandler): void;
  close(): Promise<void>;
}

class LocalDispatch {
  private handlers = new Map<string, BusHandler[]>();
  add(topic: string, handler: BusHandler) {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }
  dispatch(topic: string, payload: string) {
    for (const h of this.handlers.get(topic) ?? []) {
      try {
        h(payload);
      } catch (err) {
        console.error(`bus handler for ${topic} failed`, err);
      }
    }
  }
}

export class MemoryBus implements Bus {
  private local = new LocalDispatch();
  publish(topic: string, payload = '') {
    this.local.dispatch(topic, payload);
  }
  subscribe(topic: string, handler: BusHandler) {
    this.local.add(topic, handler);
  }
  async close() {}
}

export class RedisBus implements Bus {
  private local = new LocalDispatch();
  private readonly origin = randomUUID();

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
  ) {}

  static async create(pub: Redis, prefix: string): Promise<RedisBus> {
    const sub = pub.duplicate();
    const bus = new RedisBus(pub, sub, `${prefix}bus`);
    await sub.subscribe(bus.channel);
    sub.on('message', (_channel: string, message: string) => bus.receive(message));
    // Messages published while the subscription was down are lost: after a reconnect every
    // cache starts over (topic `resync`), and the routing table reloads.
    let down = false;
    let reported = false;
    sub.on('close', () => {
      down = true;
    });
    sub.on('error', (err: Error) => {
      if (!reported) console.error(`Redis error (change notifications): ${err.message}`);
      reported = true;
    });
    sub.on('ready', () => {
      if (!down) return;
      down = false;
      reported = false;
      console.warn('Redis connection back (change notifications): reloading caches');
      bus.local.dispatch('resync', '');
      bus.local.dispatch('channels', '');
    });
    return bus;
  }

  private receive(message: string) {
    const sep1 = message.indexOf('|');
    const sep2 = message.indexOf('|', sep1 + 1);
    if (sep1 < 0 || sep2 < 0) return;
    if (message.slice(0, sep1) === this.origin) return;
    this.local.dispatch(message.slice(sep1 + 1, sep2), message.slice(sep2 + 1));
  }

  publish(topic: string, payload = '') {
    this.local.dispatch(topic, payload);
    this.pub.publish(this.channel, `${this.origin}|${topic}|${payload}`).catch((err: Error) => {
      console.error(`bus publish of ${topic} failed: ${err.message}`);
    });
  }

  subscribe(topic: string, handler: BusHandler) {
    this.local.add(topic, handler);
  }

  async close() {
    await this.sub.quit().catch(() => undefined);
  }
}
