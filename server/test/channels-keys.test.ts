import { KEY_GUARD_MESSAGES, type ChannelView, type Page } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToken,
  putOptions,
  registerAndLogin,
  setupAndLoginRoot,
  setUserQuota,
  startGateway,
  startRedirectTrap,
  type ApiClient,
  type RedirectTrap,
  type RunningGateway,
} from '@gateway/test-support';
import { registerAdmin } from './support/user-admin.js';

/**
 * Admins cannot extract channel keys: changing where a key goes needs the key again (root
 * excepted), custom header values are write-only, and no upstream call follows a redirect.
 */
describe('channels: stored keys stay where they were sent', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  let admin: ApiClient;
  let trap: RedirectTrap;

  const storedRow = (id: number) =>
    gw.ctx.db
      .selectFrom('channels')
      .select(['key', 'headers', 'base_url'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const create = async (body: Record<string, unknown>): Promise<ChannelView> => {
    const res = await root.post<ChannelView[]>('/api/channel/', {
      name: 'kept',
      models: 'keys-model',
      ...body,
    });
    if (!res.body.success) throw new Error(res.body.message);
    return res.body.data![0]!;
  };

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    admin = await registerAdmin(gw.url, root, 'keys-admin');
    trap = await startRedirectTrap();
  });
  afterAll(async () => {
    await gw.stop();
    await trap.close();
  });

  it('refuses an admin changing type, base URL, other, headers or proxy without the key', async () => {
    const c = await create({
      key: 'sk-guarded',
      base_url: 'https://up.example',
      headers: '{"X-Org":"org-secret"}',
      setting: '{"proxy":"http://proxy.example:1"}',
    });
    const changes: Array<Record<string, unknown>> = [
      { type: 8 },
      { base_url: 'https://elsewhere.example' },
      { other: 'eu' },
      { headers: '{"X-Org":"mine"}' },
      { headers: '{"X-Org":"******","X-New":"v"}' },
      { headers: '' },
      { setting: '{"proxy":"http://mine.example:1"}' },
      { setting: '' },
    ];
    for (const change of changes) {
      const res = await admin.put('/api/channel/', { id: c.id, ...change });
      expect([change, res.status, res.body.message]).toEqual([change, 400, KEY_GUARD_MESSAGES.keyRequired]);
    }
    expect(await storedRow(c.id)).toMatchObject({ key: 'sk-guarded', base_url: 'https://up.example' });

    // With the key in the same request: written, and the new key is the one stored.
    const moved = await admin.put('/api/channel/', {
      id: c.id,
      base_url: 'https://new.example',
      key: 'sk-typed',
    });
    expect(moved.status).toBe(200);
    expect(await storedRow(c.id)).toMatchObject({ key: 'sk-typed', base_url: 'https://new.example' });
  });

  it('lets an admin resend the whole form unchanged and edit other fields without the key', async () => {
    const c = await create({
      key: 'sk-form',
      base_url: 'https://up.example',
      other: 'v1',
      headers: '{"X-Org":"org-secret"}',
      setting: '{"proxy":"http://proxy.example:1","thinking_to_content":false}',
    });
    const shown = (await admin.get<ChannelView>(`/api/channel/${c.id}`)).body.data!;
    const res = await admin.put<ChannelView>('/api/channel/', {
      id: c.id,
      type: shown.type,
      name: 'renamed',
      base_url: `${shown.base_url}/`,
      other: ` ${shown.other} `,
      headers: JSON.stringify(JSON.parse(shown.headers), null, 2),
      setting: '{"thinking_to_content":true,"proxy":"http://proxy.example:1"}',
      models: 'keys-model,other-model',
      priority: 3,
      key: '',
    });
    expect([res.status, res.body.message]).toEqual([200, '']);
    expect(res.body.data).toMatchObject({ name: 'renamed', priority: 3 });
    expect(await storedRow(c.id)).toMatchObject({ key: 'sk-form', headers: '{"X-Org":"org-secret"}' });
  });

  it('lets root change where a key goes without typing it again', async () => {
    const c = await create({ key: 'sk-root', base_url: 'https://up.example', headers: '{"a":"1"}' });
    const res = await root.put('/api/channel/', {
      id: c.id,
      type: 8,
      base_url: 'https://root-choice.example',
      headers: '{"a":"2"}',
      setting: '{"proxy":"http://p.example:1"}',
    });
    expect([res.status, res.body.message]).toEqual([200, '']);
    expect(await storedRow(c.id)).toEqual({
      key: 'sk-root',
      headers: '{"a":"2"}',
      base_url: 'https://root-choice.example',
    });
  });

  it('never answers custom header values; masked values keep the stored ones', async () => {
    const c = await create({ key: 'sk-hdr', headers: { 'X-Secret': 'hdr-secret-1', 'X-Plain': 'p' } });
    const reads = [
      await admin.get(`/api/channel/${c.id}`),
      await admin.get('/api/channel/?p=1&page_size=100'),
      await admin.get('/api/channel/search?keyword=kept&p=1&page_size=100'),
      await root.get(`/api/channel/${c.id}`),
    ];
    for (const res of reads) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('hdr-secret-1');
      expect(text).not.toContain('sk-hdr');
    }
    const one = reads[0]!.body.data as ChannelView;
    expect(JSON.parse(one.headers)).toEqual({ 'X-Secret': '******', 'X-Plain': '******' });
    const listed = (reads[1]!.body.data as Page<ChannelView>).items.find((x) => x.id === c.id);
    expect(listed?.headers).toBe(one.headers);

    // Root, so the header edits themselves are allowed: masked keeps, typed replaces, absent drops.
    const edited = await root.put<ChannelView>('/api/channel/', {
      id: c.id,
      headers: '{"x-secret":"******","X-Plain":"new-plain","X-Added":"added"}',
    });
    expect(edited.status).toBe(200);
    expect(JSON.parse(edited.body.data!.headers)).toEqual({
      'x-secret': '******',
      'X-Plain': '******',
      'X-Added': '******',
    });
    expect(JSON.parse((await storedRow(c.id)).headers!)).toEqual({
      'x-secret': 'hdr-secret-1',
      'X-Plain': 'new-plain',
      'X-Added': 'added',
    });
    const unknown = await root.put('/api/channel/', { id: c.id, headers: '{"X-Other":"******"}' });
    expect([unknown.status, unknown.body.message]).toEqual([400, KEY_GUARD_MESSAGES.maskedHeaderUnknown]);
  });

  it('never follows an upstream redirect with the key: relay, test, balance, model list', async () => {
    await putOptions(root, { ModelRatio: JSON.stringify({ 'keys-model': 1 }) });
    const c = await create({ key: 'sk-redirected', base_url: trap.url });
    const user = await registerAndLogin(gw.url, 'keys-user');
    await setUserQuota(gw, user.userId!, 1_000_000);
    const { apiKey } = await addToken(gw, user.userId!, { unlimited: true });

    const relayed = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'keys-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await relayed.body?.cancel();
    expect(relayed.status).not.toBe(200);
    const tested = await admin.get<unknown>(`/api/channel/test/${c.id}?model=keys-model`);
    expect(tested.body.success).toBe(false);
    const balance = await admin.get(`/api/channel/update_balance/${c.id}`);
    expect(balance.status).toBe(502);
    const models = await admin.get(`/api/channel/fetch_models/${c.id}`);
    expect(models.status).toBe(502);
    const draft = await admin.post('/api/channel/fetch_models', { base_url: trap.url, key: 'sk-draft' });
    expect(draft.status).toBe(502);

    // Each call reached the channel's own address with the key, and none went on to the other host.
    const paths = trap.upstream.seen.map((r) => r.path.split('?')[0]);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/chat/completions', '/v1/dashboard/billing/subscription', '/v1/models']),
    );
    expect(trap.upstream.seen.filter((r) => r.headers.authorization === 'Bearer sk-redirected').length).toBe(
      trap.upstream.seen.length - 1,
    );
    expect(trap.elsewhere.seen).toEqual([]);
  });
});
