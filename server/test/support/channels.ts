import type { ChannelView } from '@gateway/contract';
import { afterAll, beforeAll } from 'vitest';
import { setupAndLoginRoot, startGateway, type ApiClient, type RunningGateway } from '@gateway/test-support';

/** A minimal valid create form. */
export const base = { name: 'main', key: 'sk-one', models: 'gpt-4o' };

/**
 * The shared setup of the channel CRUD suites: a gateway and its root, a count of the change
 * events published on the bus, and helpers to create and update through the API and read the
 * stored abilities and keys.
 */
export function useChannels() {
  const h = {
    gw: undefined as unknown as RunningGateway,
    root: undefined as unknown as ApiClient,
    /** Events published on the 'channels' topic so far. */
    published: 0,

    create: (body: Record<string, unknown>) => h.root.post<ChannelView[]>('/api/channel/', body),
    update: (body: Record<string, unknown>) => h.root.put<ChannelView>('/api/channel/', body),
    abilities: (channelId: number) =>
      h.gw.ctx.db
        .selectFrom('abilities')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('group')
        .orderBy('model')
        .execute(),
    storedKey: async (id: number) =>
      (await h.gw.ctx.db.selectFrom('channels').select('key').where('id', '=', id).executeTakeFirstOrThrow())
        .key,
  };

  beforeAll(async () => {
    h.gw = await startGateway();
    h.root = await setupAndLoginRoot(h.gw.url);
    h.gw.ctx.bus.subscribe('channels', () => h.published++);
  });
  afterAll(async () => {
    await h.gw.stop();
  });

  return h;
}
