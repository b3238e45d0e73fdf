import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cleanUpAfterEach,
  chooseType,
  drawerServer,
  fillBasics,
  openDrawer,
  sent,
  setText,
  submit,
} from './drawer-test-helpers';

cleanUpAfterEach();

/** The drawer reads each type's descriptor: its `other` field, what it requires, its key format. */
describe('channel drawer: fields from the channel type descriptor', () => {
  it('Cloudflare: shows the required account id and refuses to submit without it', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    expect(document.querySelector('#channel-other')).toBeNull();
    await chooseType(drawer, 'Cloudflare (39)');
    const account = drawer.getByLabelText('Account ID');
    expect(account.getAttribute('aria-required')).toBe('true');
    expect((account as HTMLInputElement).placeholder).toBe(
      '请输入 Account ID，例如：d6b5da8hk1awo8nap34ube6gh',
    );
    await fillBasics(drawer, 'cf-token');
    await submit(drawer);
    expect(await screen.findByText('Account ID 不能为空')).toBeTruthy();
    expect(sent(server, 'POST')).toEqual([]);
    await setText(drawer, 'Account ID', 'acc-123');
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({ type: 39, other: 'acc-123', key: 'cf-token' });
  });

  it('Baidu: checks every key line against APIKey|SecretKey as the server does, then batch-adds', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await chooseType(drawer, 'Baidu ERNIE (15)');
    expect((drawer.getByLabelText('密钥') as HTMLTextAreaElement).placeholder).toBe(
      '按照如下格式输入：APIKey|SecretKey',
    );
    await fillBasics(drawer, 'ak1|sk1\nonly-one');
    await submit(drawer);
    expect(
      await screen.findByText('Baidu ERNIE 渠道的第 2 个密钥格式错误，应为 APIKey|SecretKey'),
    ).toBeTruthy();
    expect(sent(server, 'POST')).toEqual([]);
    await setText(drawer, '密钥', 'ak1|sk1\nak2|sk2');
    expect(drawer.getByText('将创建 2 个渠道')).toBeTruthy();
    await submit(drawer);
    await screen.findByText('渠道创建成功！');
    expect(sent(server, 'POST')[0]).toMatchObject({ type: 15, key: 'ak1|sk1\nak2|sk2' });
  });

  it('AWS Claude: a single malformed key is named without a line number', async () => {
    const server = drawerServer();
    const drawer = await openDrawer(server);
    await chooseType(drawer, 'AWS Claude (33)');
    await fillBasics(drawer, 'AKIA1|secret');
    await submit(drawer);
    expect(
      await screen.findByText(
        'AWS Claude 渠道的密钥格式错误，应为 AccessKey|SecretAccessKey|Region[|SessionToken]',
      ),
    ).toBeTruthy();
    expect(sent(server, 'POST')).toEqual([]);
  });

  it('shows the other field only for types that have one, with its own label', async () => {
    const drawer = await openDrawer(drawerServer());
    await chooseType(drawer, 'Alibaba Qwen (17)');
    expect((drawer.getByLabelText('插件参数') as HTMLInputElement).getAttribute('aria-required')).toBe(
      'false',
    );
    await chooseType(drawer, 'DeepSeek (43)');
    expect(document.querySelector('#channel-other')).toBeNull();
    await chooseType(drawer, 'Knowledge Base: AI Proxy (21)');
    expect(drawer.getByLabelText('知识库 ID')).toBeTruthy();
  });

  it('offers the upstream model list only for types with a model-list API', async () => {
    const drawer = await openDrawer(drawerServer());
    expect(drawer.getByRole('button', { name: '获取模型列表' })).toBeTruthy();
    await chooseType(drawer, 'Perplexity (27)');
    expect(drawer.queryByRole('button', { name: '获取模型列表' })).toBeNull();
  });
});
