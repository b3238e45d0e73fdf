import { describe, expect, it } from 'vitest';
import { capToBalances, type Charge } from './charge-batch.js';

const charge = (userId: number, tokenId: number | null, quota: number, tokenPays = true): Charge => ({
  requestId: `r${Math.random()}`,
  epoch: '',
  userId,
  tokenId,
  tokenPays,
  channelId: 1,
  quota,
  at: 0,
});

describe('capToBalances', () => {
  it('changes nothing when every payer can pay', () => {
    const { charged, shortfall } = capToBalances(
      [charge(1, 10, 30), charge(1, 10, 20)],
      new Map([[1, 50]]),
      new Map([[10, 50]]),
    );
    expect(charged).toEqual([30, 20]);
    expect(shortfall).toEqual({ users: new Map(), tokens: new Map() });
  });

  it('cuts the newest charges of a user down to what is left, never below zero', () => {
    const { charged, shortfall } = capToBalances(
      [charge(1, null, 40), charge(1, null, 30), charge(1, null, 20), charge(2, null, 5)],
      new Map([
        [1, 55],
        [2, 100],
      ]),
      new Map(),
    );
    expect(charged).toEqual([40, 15, 0, 5]);
    expect(shortfall.users).toEqual(new Map([[1, 35]]));
  });

  it('caps by a limited token, and the user pays the same reduced amount', () => {
    const { charged, shortfall } = capToBalances(
      [charge(1, 10, 30), charge(1, 11, 30, false), charge(1, 10, 30)],
      new Map([[1, 1000]]),
      new Map([[10, 40]]),
    );
    expect(charged).toEqual([30, 30, 10]);
    expect(shortfall.users).toEqual(new Map([[1, 20]]));
    expect(shortfall.tokens).toEqual(new Map([[10, 20]]));
  });

  it('takes nothing more from a balance already below zero', () => {
    const { charged } = capToBalances([charge(1, null, 7)], new Map([[1, -3]]), new Map());
    expect(charged).toEqual([0]);
  });
});
