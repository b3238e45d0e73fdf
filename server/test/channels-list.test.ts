import type { ChannelView, Page } from '@gateway/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAndLoginRoot, startGateway, type ApiClient, type RunningGateway } from '@gateway/test-support';

/** Listing and searching channels: paging, order, tag mode, filters. */
describe('channels: list and search', () => {
  let gw: RunningGateway;
  let root: ApiClient;
  const ids: Record<string, number> = {};

  const list = (query: string) => root.get<Page<ChannelView>>(`/api/channel/${query}`);
  const search = (query: string) => root.get<Page<ChannelView>>(`/api/channel/search${query}`);
  const names = (page: Page<ChannelView> | undefined) => page?.items.map((c) => c.name);

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    // Created in this order, so ids ascend: alpha < beta < gamma < delta < epsilon < zeta.
    const specs: Array<Record<string, unknown>> = [
      { name: 'Alpha One', key: 'sk-alpha-key', models: 'gpt-4o,gpt-4o-mini', group: 'default', priority: 1 },
      { name: 'beta', key: 'sk-beta-key', models: 'claude-3-haiku', group: 'vip,default', priority: 5 },
      { name: 'gamma', key: 'sk-gamma', models: 'gpt-4o', group: 'vip2', priority: 5, tag: 'pool' },
      { name: 'delta', key: 'sk-delta', models: 'deepseek-chat', group: 'default', priority: 0, tag: 'pool' },
      {
        name: 'epsilon 100%_x',
        key: 'sk-eps',
        models: 'GPT-4O-Large',
        group: 'svip',
        priority: 2,
        tag: 'solo',
      },
      { name: 'zeta', key: 'sk-zeta', models: 'm', group: 'default', priority: -1 },
    ];
    for (const spec of specs) {
      const res = await root.post<ChannelView[]>('/api/channel/', spec);
      if (!res.body.success) throw new Error(res.body.message);
      ids[String(spec.name).split(' ')[0].toLowerCase()] = res.body.data![0].id;
    }
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('pages by priority, then newest first, with total, page and page_size', async () => {
    const first = await list('?p=1&page_size=4');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 6, page: 1, page_size: 4 });
    expect(names(first.body.data)).toEqual(['gamma', 'beta', 'epsilon 100%_x', 'Alpha One']);
    const second = await list('?p=2&size=4');
    expect(second.body.data).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(names(second.body.data)).toEqual(['delta', 'zeta']);
    const defaults = await list('');
    expect(defaults.body.data).toMatchObject({ page: 1, page_size: 10 });
    expect(defaults.body.data?.items).toHaveLength(6);
  });

  it('sorts by id, newest first, with id_sort', async () => {
    const res = await list('?p=1&page_size=10&id_sort=true');
    expect(names(res.body.data)).toEqual(['zeta', 'epsilon 100%_x', 'delta', 'gamma', 'beta', 'Alpha One']);
  });

  it('pages over tags and untagged channels in tag mode, a tag bringing all its channels', async () => {
    const res = await list('?p=1&page_size=2&tag_mode=true');
    // Units by best priority: pool (5, newest id) and beta (5); then solo (2), Alpha (1), zeta (-1).
    expect(res.body.data).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(names(res.body.data)).toEqual(['gamma', 'delta', 'beta']);
    const last = await list('?p=3&page_size=2&tag_mode=true');
    expect(names(last.body.data)).toEqual(['zeta']);
    const byId = await list('?p=1&page_size=2&tag_mode=true&id_sort=true');
    expect(names(byId.body.data)).toEqual(['zeta', 'epsilon 100%_x']);
  });

  it('never answers a key, in any mode', async () => {
    for (const res of [
      await list('?page_size=100'),
      await list('?page_size=100&tag_mode=true'),
      await search('?keyword=sk-alpha-key&tag_mode=true'),
    ]) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/sk-(alpha|beta|gamma|delta|eps|zeta)/);
      for (const c of res.body.data!.items) expect(c).not.toHaveProperty('key');
    }
  });

  it('searches by id, by part of the name in any case, and by the exact key only', async () => {
    expect(names((await search(`?keyword=${ids.delta}`)).body.data)).toEqual(['delta']);
    expect(names((await search('?keyword=ALPHA')).body.data)).toEqual(['Alpha One']);
    expect(names((await search('?keyword=sk-beta-key')).body.data)).toEqual(['beta']);
    expect((await search('?keyword=sk-beta')).body.data?.items).toEqual([]);
    // LIKE wildcards in the keyword are literal characters.
    expect(names((await search(`?keyword=${encodeURIComponent('100%_')}`)).body.data)).toEqual([
      'epsilon 100%_x',
    ]);
    expect((await search(`?keyword=${encodeURIComponent('%')}`)).body.data?.items).toHaveLength(1);
  });

  it('filters by one group of the group list, by model text, and combines filters', async () => {
    expect(names((await search('?group=vip&id_sort=true')).body.data)).toEqual(['beta']);
    expect(names((await search('?group=default&id_sort=true')).body.data)).toEqual([
      'zeta',
      'delta',
      'beta',
      'Alpha One',
    ]);
    expect((await search('?group=null')).body.data?.total).toBe(6);
    expect(names((await search('?model=gpt-4o&id_sort=true')).body.data)).toEqual([
      'epsilon 100%_x',
      'gamma',
      'Alpha One',
    ]);
    expect(names((await search('?model=gpt-4o&group=default')).body.data)).toEqual(['Alpha One']);
    expect(names((await search('?keyword=a&model=deepseek')).body.data)).toEqual(['delta']);
  });

  it('pages search results and groups them by tag in tag mode', async () => {
    const paged = await search('?group=default&p=2&page_size=3&id_sort=true');
    expect(paged.body.data).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(names(paged.body.data)).toEqual(['Alpha One']);
    // delta matches; its tag brings gamma too.
    const tagged = await search('?model=deepseek&tag_mode=true');
    expect(tagged.body.data?.total).toBe(1);
    expect(names(tagged.body.data)?.sort()).toEqual(['delta', 'gamma']);
  });
});
