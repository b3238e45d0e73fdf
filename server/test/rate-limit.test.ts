import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, setupAndLoginRoot, startGateway, type RunningGateway } from '@gateway/test-support';

describe('per-IP rate limits', () => {
  let gw: RunningGateway;

  beforeAll(async () => {
    gw = await startGateway({
      env: {
        GLOBAL_API_RATE_LIMIT_ENABLE: 'true',
        GLOBAL_API_RATE_LIMIT: '30',
        GLOBAL_API_RATE_LIMIT_DURATION: '60',
        CRITICAL_RATE_LIMIT: '4',
        CRITICAL_RATE_LIMIT_DURATION: '60',
      },
    });
    await setupAndLoginRoot(gw.url); // one login: 1 of the 4 critical requests
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('shares one strict bucket between login and register', async () => {
    const c = new ApiClient(gw.url);
    expect((await c.post('/api/user/register', { username: 'rl1', password: 'password-1' })).status).toBe(
      200,
    );
    expect((await c.login('rl1', 'wrong-password')).status).toBe(401);
    expect((await c.login('rl1', 'password-1')).status).toBe(200);
    const limited = await c.post('/api/user/register', { username: 'rl2', password: 'password-1' });
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
    expect(limited.body.message).toMatch(/请求过于频繁/);
  });

  it('limits the rest of /api with the general bucket', async () => {
    const c = new ApiClient(gw.url);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await c.get('/api/status')).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  });
});
