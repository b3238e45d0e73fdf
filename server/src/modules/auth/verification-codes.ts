import type { Redis } from 'ioredis';

const TTL_SECONDS = 10 * 60;

/**
 * Short-lived codes (email verification, password reset), keyed by purpose and address. Kept in
 * Redis when configured so every instance sees them; a code works once.
 */
export class VerificationCodes {
  private memory = new Map<string, { code: string; expires: number }>();

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
  ) {}

  async issue(purpose: string, address: string, code: string): Promise<void> {
    const key = `${this.prefix}code:${purpose}:${address.toLowerCase()}`;
    if (this.redis) {
      await this.redis.set(key, code, 'EX', TTL_SECONDS);
      return;
    }
    this.sweep();
    this.memory.set(key, { code, expires: Date.now() + TTL_SECONDS * 1000 });
  }

  async consume(purpose: string, address: string, code: string): Promise<boolean> {
    const key = `${this.prefix}code:${purpose}:${address.toLowerCase()}`;
    if (this.redis) {
      const stored = await this.redis.get(key);
      if (stored === null || stored !== code) return false;
      return (await this.redis.del(key)) === 1;
    }
    const entry = this.memory.get(key);
    if (!entry || entry.expires < Date.now() || entry.code !== code) return false;
    this.memory.delete(key);
    return true;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.memory) if (entry.expires < now) this.memory.delete(key);
  }
}
