import { Toast } from '@douyinfe/semi-ui-19';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../test/fake-server';
import { ADMIN } from '../../../test/render-app';
import { channelView } from '../test-fixtures';
import { drawerServer, openDrawer, sent, setText, submit } from './drawer-test-helpers';

/** A signed-in admin who is not root: the server refuses them address changes without the key. */
const PLAIN_ADMIN = { ...ADMIN, id: 3, username: 'admin', role: 10 };
const KEY_NOTICE = '修改渠道类型、地址、其他参数、请求头覆盖或代理时，必须重新填写密钥';

afterEach(() => {
  Toast.destroyAll();
});

function editServer() {
  const server = drawerServer();
  const stored = channelView({
    id: 5,
    name: 'stored',
    base_url: 'https://up.example',
    models: 'gpt-4o',
    headers: '{"X-Org":"******"}',
  });
  server.reply('GET', '/api/channel/5', ok(stored));
  server.reply('PUT', '/api/channel/', ok(stored));
  return server;
}

async function openEdit(server: ReturnType<typeof editServer>, user = PLAIN_ADMIN) {
  const drawer = await openDrawer(server, '/channel/edit/5', user);
  await waitFor(() => expect((drawer.getByLabelText('名称') as HTMLInputElement).value).toBe('stored'));
  return drawer;
}

describe('channel drawer: keys stay where they were sent', () => {
  it('tells an admin that a new address needs the key, and sends nothing until it is typed', async () => {
    const server = editServer();
    const drawer = await openEdit(server);
    expect(drawer.queryByText(KEY_NOTICE)).toBeNull();
    await setText(drawer, 'API 地址', 'https://elsewhere.example');
    expect(drawer.getByText(KEY_NOTICE)).toBeTruthy();
    await submit(drawer);
    expect(await screen.findAllByText(KEY_NOTICE)).toHaveLength(2);
    expect(sent(server, 'PUT')).toEqual([]);

    await setText(drawer, '密钥', 'sk-again');
    expect(drawer.queryByText(KEY_NOTICE)).toBeNull();
    await submit(drawer);
    expect(await screen.findByText('渠道更新成功！')).toBeTruthy();
    expect(sent(server, 'PUT')[0]).toMatchObject({ base_url: 'https://elsewhere.example', key: 'sk-again' });
  });

  it('shows header values masked and sends them back masked when untouched', async () => {
    const server = editServer();
    const drawer = await openEdit(server);
    expect((drawer.getByLabelText('请求头覆盖') as HTMLTextAreaElement).value).toContain('"X-Org": "******"');
    expect(drawer.getByText(/显示为 \*\*\*\*\*\*/)).toBeTruthy();
    // A typed value is a new header value: that needs the key too.
    await setText(drawer, '请求头覆盖', '{"X-Org":"typed"}');
    expect(drawer.getByText(KEY_NOTICE)).toBeTruthy();
    await setText(drawer, '请求头覆盖', '{\n  "X-Org": "******"\n}');
    expect(drawer.queryByText(KEY_NOTICE)).toBeNull();
    await setText(drawer, '名称', 'renamed');
    await submit(drawer);
    expect(await screen.findByText('渠道更新成功！')).toBeTruthy();
    const body = sent(server, 'PUT')[0] as Record<string, unknown>;
    expect(JSON.parse(body.headers as string)).toEqual({ 'X-Org': '******' });
    expect(body.key).toBeUndefined();
  });

  it('lets root change the address without the key', async () => {
    const server = editServer();
    const drawer = await openEdit(server, ADMIN);
    await setText(drawer, 'API 地址', 'https://root.example');
    expect(drawer.queryByText(KEY_NOTICE)).toBeNull();
    await submit(drawer);
    expect(await screen.findByText('渠道更新成功！')).toBeTruthy();
    expect(sent(server, 'PUT')[0]).toMatchObject({ base_url: 'https://root.example' });
  });
});
