import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fake-server';
import { puts, renderSettingsTab } from '../system/system-test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts and dialogs live outside the rendered tree; one test's must not satisfy the next.
  Toast.destroyAll();
  Modal.destroyAll();
});

const FIELDS: Array<[label: string, button: string, key: string, toast: string]> = [
  ['公告', '设置公告', 'Notice', '公告已更新'],
  ['系统名称', '设置系统名称', 'SystemName', '系统名称已更新'],
  ['Logo 图片地址', '设置 Logo', 'Logo', 'Logo 已更新'],
  ['首页内容', '设置首页内容', 'HomePageContent', '首页内容已更新'],
  ['关于', '设置关于', 'About', '关于内容已更新'],
  ['页脚', '设置页脚', 'Footer', '页脚已更新'],
  ['文档地址', '设置文档地址', 'general_setting.docs_link', '文档地址已更新'],
];

describe('other settings tab', { timeout: 20_000 }, () => {
  it('saves each text with its own button and its own toast', async () => {
    const { server } = renderSettingsTab('other', { SystemName: 'Old Name' });
    for (const [label, button, key, toast] of FIELDS) {
      const box = await screen.findByLabelText(label);
      await userEvent.clear(box);
      await userEvent.type(box, `new ${key}`);
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(toast)).toBeTruthy();
      await waitFor(() => expect(puts(server).at(-1)).toEqual({ key, value: `new ${key}` }));
    }
    expect(puts(server)).toHaveLength(FIELDS.length);
  }, 40_000);

  it('warns instead of saving an unchanged text', async () => {
    const { server } = renderSettingsTab('other', { SystemName: 'Same' });
    expect(((await screen.findByLabelText('系统名称')) as HTMLInputElement).value).toBe('Same');
    await userEvent.click(screen.getByRole('button', { name: '设置系统名称' }));
    expect(await screen.findByText('你似乎并没有修改什么')).toBeTruthy();
    expect(puts(server)).toEqual([]);
  });

  it('keeps the typed text and gives no success toast when the server refuses it', async () => {
    const { server } = renderSettingsTab('other', { Footer: 'Old' });
    server.reply('PUT', '/api/option/', fail(400, 'Footer 太长'));
    const box = (await screen.findByLabelText('页脚')) as HTMLTextAreaElement;
    await userEvent.clear(box);
    await userEvent.type(box, 'New footer');
    await userEvent.click(screen.getByRole('button', { name: '设置页脚' }));
    expect(await screen.findByText('保存失败')).toBeTruthy();
    expect(screen.queryByText('页脚已更新')).toBeNull();
    expect(box.value).toBe('New footer');
  });

  it('shows version and start time, and the latest release with its notes', async () => {
    const { server } = renderSettingsTab('other');
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    server.reply(
      'GET',
      '/api/status/update',
      ok({
        current_version: '1.2.3',
        latest_version: 'v1.3.0',
        release_notes: '## What changed\n\n- **faster** relay',
        release_url: 'https://example.com/releases/v1.3.0',
        update_available: true,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: '检查更新' }));
    const dialog = await screen.findByTestId('release-dialog');
    expect(screen.getByText('发现新版本：v1.3.0')).toBeTruthy();
    expect(dialog.textContent).toContain('当前版本：1.2.3');
    expect(dialog.textContent).toContain('最新版本：v1.3.0');
    await waitFor(() => expect(dialog.querySelector('.rich-content h2')?.textContent).toBe('What changed'));
    expect(dialog.querySelector('.rich-content strong')?.textContent).toBe('faster');
  });

  it('says when the version is current, and when the check failed', async () => {
    const { server } = renderSettingsTab('other');
    server.reply(
      'GET',
      '/api/status/update',
      ok({
        current_version: '1.2.3',
        latest_version: 'v1.2.3',
        release_notes: '',
        release_url: '',
        update_available: false,
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: '检查更新' }));
    expect(await screen.findByText('已是最新版本：1.2.3')).toBeTruthy();
    server.reply('GET', '/api/status/update', fail(502, '检查更新失败，请稍后重试（ECONNREFUSED）'));
    await userEvent.click(screen.getByRole('button', { name: '检查更新' }));
    expect(await screen.findByText('检查更新失败，请稍后重试')).toBeTruthy();
  });
});
