import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, type vi } from 'vitest';
import { ok } from '../../../test/fake-server';
import { channelView } from '../test-fixtures';
import {
  cleanUpAfterEach,
  addModels,
  drawerServer,
  fillBasics,
  openDrawer,
  sent,
  setText,
  submit,
} from './drawer-test-helpers';

cleanUpAfterEach();

describe('channel drawer: required fields and messages', () => {
  it('asks for name and key, then a model, with the spec wording', async () => {
    const server = drawerServer();
    // /channel/add is the list with the create drawer open.
    const drawer = await openDrawer(server, '/channel/add');
    expect(drawer.getByText('创建新的渠道')).toBeTruthy();
    await submit(drawer);
    expect(await screen.findByText('请填写渠道名称和渠道密钥！')).toBeTruthy();

    await setText(drawer, '名称', 'main');
    await setText(drawer, '密钥', 'sk-one');
    await submit(drawer);
    expect(await screen.findByText('请至少选择一个模型！')).toBeTruthy();
    expect(sent(server, 'POST')).toEqual([]);
  });

  it('refuses a model mapping that is not JSON', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await fillBasics(drawer);
    await setText(drawer, '模型重定向', '{"gpt-4o": ');
    await submit(drawer);
    expect(await screen.findByText('模型映射必须是合法的 JSON 格式！')).toBeTruthy();
    expect(sent(server, 'POST')).toEqual([]);
  });

  it('checks JSON fields when they lose focus', async () => {
    const drawer = await openDrawer(drawerServer());
    await setText(drawer, '状态码复写', '{"400": 500');
    expect(drawer.queryByText('不是合法的 JSON 字符串')).toBeNull();
    fireEvent.blur(drawer.getByLabelText('状态码复写'));
    expect(await drawer.findByText('不是合法的 JSON 字符串')).toBeTruthy();
    await setText(drawer, '状态码复写', '{"400": "500"}');
    await waitFor(() => expect(drawer.queryByText('不是合法的 JSON 字符串')).toBeNull());
  });

  it('says that several key lines create several channels and sends them all', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    expect(drawer.getByText('批量创建：每行一个密钥，每个密钥创建一个渠道，其余设置相同。')).toBeTruthy();
    await fillBasics(drawer, 'sk-a\nsk-b\nsk-c');
    expect(drawer.getByText('将创建 3 个渠道')).toBeTruthy();
    await submit(drawer);
    expect(await screen.findByText('渠道创建成功！')).toBeTruthy();
    expect(sent(server, 'POST')[0]).toMatchObject({
      type: 1,
      name: 'main',
      key: 'sk-a\nsk-b\nsk-c',
      models: 'gpt-4o',
      group: 'default',
      priority: 0,
      weight: 0,
      auto_ban: 1,
    });
  });

  it('says "某些模型已存在！" for custom names already chosen', async () => {
    const drawer = await openDrawer(drawerServer());
    await addModels(drawer, 'gpt-4o, my-model');
    await addModels(drawer, 'my-model');
    expect(await screen.findByText('某些模型已存在！')).toBeTruthy();
  });

  it('needs a key to fetch the model list of a new channel', async () => {
    const server = drawerServer();
    server.reply('POST', '/api/channel/fetch_models', ok(['m-1', 'm-2']));
    const drawer = await openDrawer(server);
    await userEvent.click(drawer.getByRole('button', { name: '获取模型列表' }));
    expect(await screen.findByText('请填写密钥')).toBeTruthy();
    await setText(drawer, '密钥', 'sk-first\nsk-second');
    await setText(drawer, 'API 地址', 'https://up.example/');
    await userEvent.click(drawer.getByRole('button', { name: '获取模型列表' }));
    expect(await screen.findByText('获取模型列表成功，共 2 个模型')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/channel/fetch_models')?.body).toEqual({
      type: 1,
      base_url: 'https://up.example',
      key: 'sk-first',
    });
  });

  it('refuses a second submit while the first is on its way', async () => {
    const server = drawerServer();
    let answer: () => void = () => {};
    server.reply('POST', '/api/channel/', () => ok([channelView()]));
    const drawer = await openDrawer(server);
    await fillBasics(drawer);
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const fetchMock = globalThis.fetch as ReturnType<typeof vi.fn>;
    const real = fetchMock.getMockImplementation() as typeof fetch;
    fetchMock.mockImplementation(async (...args: Parameters<typeof fetch>) => {
      if ((args[1]?.method ?? 'GET') === 'POST') await gate;
      return real(...args);
    });
    const button = drawer.getByRole('button', { name: '提交' });
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(await screen.findByText('提交失败，请勿重复提交！')).toBeTruthy();
    answer();
    expect(await screen.findByText('渠道创建成功！')).toBeTruthy();
    expect(sent(server, 'POST')).toHaveLength(1);
  });
});

describe('channel drawer: base URL', () => {
  it('removes the trailing slash', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await fillBasics(drawer);
    await setText(drawer, 'API 地址', 'https://up.example//');
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({ base_url: 'https://up.example' });
  });

  it('asks for confirmation when it ends in /v1, and submits only when confirmed', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await fillBasics(drawer);
    await setText(drawer, 'API 地址', 'https://up.example/v1/');
    await submit(drawer);
    expect(await screen.findByText(/渠道地址以 \/v1 结尾/)).toBeTruthy();
    // Semi names the dialog's buttons "cancel"/"confirm" for assistive tech: found by text.
    await userEvent.click(
      within(document.querySelector<HTMLElement>('.semi-modal-footer')!).getByText('取消'),
    );
    expect(sent(server, 'POST')).toEqual([]);

    await submit(drawer);
    // The cancelled dialog may still be fading out: the newest one is last.
    await userEvent.click((await screen.findAllByText('继续提交')).at(-1)!);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({ base_url: 'https://up.example/v1' });
  });
});

describe('channel drawer: editing', () => {
  it('loads the channel, keeps the stored key when the key is blank, and updates', async () => {
    const server = drawerServer();
    const stored = channelView({
      id: 5,
      name: 'stored',
      type: 3,
      other: '2024-06-01',
      models: 'gpt-4o',
      group: 'default,vip',
      model_mapping: '{"gpt-4o":"gpt-4o-2024"}',
      priority: 2,
    });
    server.reply('GET', '/api/channel/5', ok(stored));
    server.reply('PUT', '/api/channel/', ok(stored));
    const drawer = await openDrawer(server, '/channel/edit/5');
    expect(await drawer.findByText('更新渠道信息')).toBeTruthy();
    await waitFor(() => expect((drawer.getByLabelText('名称') as HTMLInputElement).value).toBe('stored'));
    expect((drawer.getByLabelText('默认 API 版本') as HTMLInputElement).value).toBe('2024-06-01');
    expect((drawer.getByLabelText('密钥') as HTMLInputElement).placeholder).toBe('留空则保持原有密钥不变');
    await setText(drawer, '名称', 'renamed');
    await submit(drawer);
    expect(await screen.findByText('渠道更新成功！')).toBeTruthy();
    const body = sent(server, 'PUT')[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 5,
      name: 'renamed',
      type: 3,
      other: '2024-06-01',
      group: 'default,vip',
      priority: 2,
    });
    expect(body.key).toBeUndefined();
  });
});
