import type { TokenView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToken,
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';

/** The token API reports the status a key has in effect, not only the one the relay recorded. */
describe('effective token statuses', () => {
  let gw: RunningGateway;
  let owner: ApiClient;

  beforeAll(async () => {
    gw = await startGateway();
    await setupAndLoginRoot(gw.url);
    owner = await registerAndLogin(gw.url, 'keyholder');
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('answers 3 for an expired and 4 for an exhausted enabled token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const id = owner.userId!;
    const tokens = {
      fine: await addToken(gw, id, { name: 'fine', remainQuota: 100 }),
      expired: await addToken(gw, id, { name: 'expired', remainQuota: 100, expiredTime: now - 10 }),
      empty: await addToken(gw, id, { name: 'empty', remainQuota: 0 }),
      overdrawn: await addToken(gw, id, { name: 'overdrawn', remainQuota: -5 }),
      unlimited: await addToken(gw, id, { name: 'unlimited', remainQuota: 0, unlimited: true }),
      future: await addToken(gw, id, { name: 'future', remainQuota: 1, expiredTime: now + 3600 }),
      paused: await addToken(gw, id, { name: 'paused', remainQuota: 0, expiredTime: now - 10, status: 2 }),
    };
    const list = await owner.get<{ items: TokenView[] }>('/api/token/?p=1&page_size=20');
    const statuses = Object.fromEntries(list.body.data!.items.map((t) => [t.name, t.status]));
    expect(statuses).toEqual({
      fine: 1,
      expired: 3,
      empty: 4,
      overdrawn: 4,
      unlimited: 1,
      future: 1,
      paused: 2,
    });
    const one = await owner.get<TokenView>(`/api/token/${tokens.expired.id}`);
    expect(one.body.data?.status).toBe(3);
    const searched = await owner.get<{ items: TokenView[] }>(
      '/api/token/search?keyword=empty&p=1&page_size=20',
    );
    expect(searched.body.data!.items.map((t) => t.status)).toEqual([4]);
    // The stored status is untouched: raising the quota brings the token back without enabling it.
    const raised = await owner.put<TokenView>('/api/token/', { id: tokens.empty.id, remain_quota: 50 });
    expect(raised.body.data?.status).toBe(1);
  });
});
