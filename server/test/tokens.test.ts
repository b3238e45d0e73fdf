import type { Page, TokenView } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerAndLogin,
  setupAndLoginRoot,
  startGateway,
  type ApiClient,
  type RunningGateway,
} from '@gateway/test-support';

/** Creating, listing, searching and reading tokens; ownership. Writes and status: tokens-writes. */
describe('tokens: create, list, search, get', () => {
  let gw: RunningGateway;
  let alice: ApiClient;
  let bob: ApiClient;

  const create = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<TokenView[]>('/api/token/', body);

  beforeAll(async () => {
    gw = await startGateway();
    await setupAndLoginRoot(gw.url);
    alice = await registerAndLogin(gw.url, 'alice');
    bob = await registerAndLogin(gw.url, 'bob');
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('creates a token with the defaults and answers it with its key', async () => {
    const res = await create(alice, { name: 'first' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const [token] = res.body.data ?? [];
    expect(token).toMatchObject({
      name: 'first',
      status: 1,
      remain_quota: 500_000,
      expired_time: -1,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
      used_quota: 0,
      user_id: alice.userId,
    });
    expect(token.key).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect(token.created_time).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('creates a batch: the first keeps the name, the others get a 6-character suffix', async () => {
    const res = await create(alice, { name: 'batch', count: 5, remain_quota: 42 });
    const tokens = res.body.data ?? [];
    expect(tokens).toHaveLength(5);
    expect(tokens[0].name).toBe('batch');
    for (const t of tokens.slice(1)) expect(t.name).toMatch(/^batch-[0-9a-zA-Z]{6}$/);
    expect(new Set(tokens.map((t) => t.key)).size).toBe(5);
    expect(new Set(tokens.map((t) => t.name)).size).toBe(5);
    expect(tokens.every((t) => t.remain_quota === 42 && /^[0-9a-zA-Z]{48}$/.test(t.key))).toBe(true);
  });

  it.each([
    [{}, '令牌名称不能为空'],
    [{ name: '   ' }, '令牌名称不能为空'],
    [{ name: 'x'.repeat(31) }, '令牌名称过长'],
    [{ name: 'ok', count: 0 }, '令牌数量必须是正整数'],
    [{ name: 'ok', count: 101 }, '一次最多创建 100 个令牌'],
    [{ name: 'ok', remain_quota: -1 }, '令牌额度不能为负数'],
    [{ name: 'ok', remain_quota: 1.5 }, '令牌额度必须是整数'],
    [{ name: 'ok', expired_time: 'tomorrow' }, '过期时间格式错误！'],
    [{ name: 'ok', expired_time: -2 }, '过期时间格式错误！'],
    [{ name: 'ok', expired_time: 1000 }, '过期时间必须晚于当前时间，或设为 -1（永不过期）'],
    [{ name: 'ok', allow_ips: '10.0.0.1\nnot-an-ip' }, 'IP 白名单中的条目无效：not-an-ip'],
    [{ name: 'ok', allow_ips: '10.0.0.0/33' }, 'IP 白名单中的条目无效：10.0.0.0/33'],
    [{ name: 'ok', allow_ips: '::1/129' }, 'IP 白名单中的条目无效：::1/129'],
  ])('rejects %j with a clear message', async (body, message) => {
    const res = await create(alice, body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(message);
  });

  it('counts the name length in characters: 30 Chinese characters are allowed', async () => {
    const res = await create(alice, { name: '令'.repeat(30) });
    expect(res.body.success).toBe(true);
    expect((await create(alice, { name: '令'.repeat(31) })).body.message).toBe('令牌名称过长');
  });

  it('accepts a future expiry, 0 as "never", and stores settings normalised', async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    const res = await create(alice, {
      name: 'settings',
      expired_time: future,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: ' gpt-4o, claude-3,,gpt-4o ',
      allow_ips: '10.0.0.1, 192.168.0.0/16\n\n 2001:db8::/32\n::1\n10.0.0.1',
    });
    expect(res.body.data?.[0]).toMatchObject({
      expired_time: future,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,claude-3',
      allow_ips: '10.0.0.1\n192.168.0.0/16\n2001:db8::/32\n::1',
    });
    const never = await create(alice, { name: 'zero-expiry', expired_time: 0 });
    expect(never.body.data?.[0].expired_time).toBe(-1);
  });

  it('allows the owner group, a usable group or none, and refuses other groups with 403', async () => {
    expect((await create(alice, { name: 'g1', group: 'vip' })).body.data?.[0].group).toBe('vip');
    expect((await create(alice, { name: 'g2', group: 'default' })).body.data?.[0].group).toBe('default');
    const refused = await create(alice, { name: 'g3', group: 'svip' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('无权使用分组 svip');
  });

  it('pages the own tokens, newest first, with p and page_size or size', async () => {
    await create(bob, { name: 'bob-page', count: 12 });
    const all = await bob.get<Page<TokenView>>('/api/token/?p=1&page_size=100');
    expect(all.body.data?.total).toBe(12);
    const ids = all.body.data?.items.map((t) => t.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const page2 = await bob.get<Page<TokenView>>('/api/token/?p=2&page_size=5');
    expect(page2.body.data).toMatchObject({ total: 12, page: 2, page_size: 5 });
    expect(page2.body.data?.items.map((t) => t.id)).toEqual(ids.slice(5, 10));
    const page3 = await bob.get<Page<TokenView>>('/api/token/?p=3&size=5');
    expect(page3.body.data?.items.map((t) => t.id)).toEqual(ids.slice(10));
    const fallback = await bob.get<Page<TokenView>>('/api/token/?p=0&size=-1');
    expect(fallback.body.data).toMatchObject({ page: 1, page_size: 10 });
    expect(fallback.body.data?.items).toHaveLength(10);
    // Keys are listed without the sk- prefix; the console adds it.
    expect(all.body.data?.items.every((t) => /^[0-9a-zA-Z]{48}$/.test(t.key))).toBe(true);
  });

  it('never shows another user their neighbour’s tokens', async () => {
    const aliceTokens = await alice.get<Page<TokenView>>('/api/token/?page_size=100');
    expect(aliceTokens.body.data?.items.every((t) => t.user_id === alice.userId)).toBe(true);
    const someAlice = aliceTokens.body.data?.items[0];
    const peek = await bob.get(`/api/token/${someAlice?.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe('令牌不存在');
    const search = await bob.get<Page<TokenView>>(`/api/token/search?token=${someAlice?.key}`);
    expect(search.body.data?.total).toBe(0);
  });

  it('gets one own token by id; unknown or malformed ids are 404', async () => {
    const [made] = (await create(alice, { name: 'getme' })).body.data ?? [];
    const got = await alice.get<TokenView>(`/api/token/${made.id}`);
    expect(got.body.data).toMatchObject({ id: made.id, key: made.key, name: 'getme' });
    expect((await alice.get('/api/token/999999')).status).toBe(404);
    expect((await alice.get('/api/token/abc')).status).toBe(404);
  });

  it('searches by name and by key, removing one leading sk- from the key', async () => {
    const [a] = (await create(alice, { name: 'Search-Alpha' })).body.data ?? [];
    await create(alice, { name: 'search-beta' });
    await create(alice, { name: '50%_off' });
    await create(alice, { name: '50xyoff' });

    const byName = await alice.get<Page<TokenView>>('/api/token/search?keyword=alpha');
    expect(byName.body.data?.items.map((t) => t.name)).toEqual(['Search-Alpha']);
    const both = await alice.get<Page<TokenView>>('/api/token/search?keyword=search-&page_size=1');
    expect(both.body.data).toMatchObject({ total: 2, page_size: 1 });

    for (const token of [`sk-${a.key}`, a.key, a.key.slice(5, 20), `sk-${a.key.slice(0, 12)}`]) {
      const res = await alice.get<Page<TokenView>>(`/api/token/search?token=${encodeURIComponent(token)}`);
      expect(res.body.data?.items.map((t) => t.id)).toContain(a.id);
    }
    const exact = await alice.get<Page<TokenView>>(`/api/token/search?token=sk-${a.key}`);
    expect(exact.body.data?.total).toBe(1);

    // Wildcards in the search text are literal characters.
    const literal = await alice.get<Page<TokenView>>(`/api/token/search?keyword=${encodeURIComponent('%_')}`);
    expect(literal.body.data?.items.map((t) => t.name)).toEqual(['50%_off']);
  });

  it('refuses anonymous callers', async () => {
    const res = await fetch(`${gw.url}/api/token/`);
    expect(res.status).toBe(401);
  });
});
