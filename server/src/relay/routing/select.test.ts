import { describe, expect, it } from 'vitest';
import type { Tier } from './routing-table.js';
import type { RuntimeChannel } from './runtime-channel.js';
import { pickChannel } from './select.js';

const ch = (id: number, status = 1) => ({ id, status }) as RuntimeChannel;
const tier = (
  priority: number,
  members: Array<[number, number]>,
  status: Record<number, number> = {},
): Tier => ({
  priority,
  members: members.map(([id, weight]) => ({ channel: ch(id, status[id] ?? 1), weight })),
});

/** A deterministic random source walking evenly through [0, 1). */
const sweep = (n: number) => {
  let i = 0;
  return () => (i++ % n) / n + 1 / (2 * n);
};

describe('pickChannel', () => {
  it('splits traffic inside a tier in proportion to the weights', () => {
    const tiers = [
      tier(0, [
        [1, 10],
        [2, 30],
        [3, 60],
      ]),
    ];
    const counts = new Map<number, number>();
    const random = sweep(1000);
    for (let i = 0; i < 1000; i++) {
      const picked = pickChannel(tiers, new Set(), random)!;
      counts.set(picked.id, (counts.get(picked.id) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ 1: 100, 2: 300, 3: 600 });
  });

  it('is close to the weights with a real random source', () => {
    const tiers = [
      tier(0, [
        [1, 1],
        [2, 3],
      ]),
    ];
    let second = 0;
    const runs = 20_000;
    for (let i = 0; i < runs; i++) if (pickChannel(tiers, new Set())!.id === 2) second++;
    expect(second / runs).toBeGreaterThan(0.72);
    expect(second / runs).toBeLessThan(0.78);
  });

  it('uses the highest priority tier first and falls back tier by tier', () => {
    const tiers = [
      tier(10, [
        [1, 1],
        [2, 1],
      ]),
      tier(0, [[3, 1]]),
    ];
    expect([1, 2]).toContain(pickChannel(tiers, new Set())!.id);
    expect(pickChannel(tiers, new Set([1]))!.id).toBe(2);
    expect(pickChannel(tiers, new Set([1, 2]))!.id).toBe(3);
    expect(pickChannel(tiers, new Set([1, 2, 3]))).toBeNull();
  });

  it('picks weight-0 channels only when the rest of the tier is gone', () => {
    const tiers = [
      tier(0, [
        [1, 0],
        [2, 5],
      ]),
    ];
    for (let i = 0; i < 50; i++) expect(pickChannel(tiers, new Set())!.id).toBe(2);
    expect(pickChannel(tiers, new Set([2]))!.id).toBe(1);
  });

  it('spreads evenly when every weight is 0', () => {
    const tiers = [
      tier(0, [
        [1, 0],
        [2, 0],
      ]),
    ];
    const random = sweep(2);
    expect(pickChannel(tiers, new Set(), random)!.id).toBe(1);
    expect(pickChannel(tiers, new Set(), random)!.id).toBe(2);
  });

  it('skips a channel disabled since the table was built', () => {
    const tiers = [
      tier(
        0,
        [
          [1, 1],
          [2, 1],
        ],
        { 1: 3 },
      ),
    ];
    for (let i = 0; i < 20; i++) expect(pickChannel(tiers, new Set())!.id).toBe(2);
  });
});
