import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fake-server';
import { OPERATOR, optionPuts, optionServer, renderSettings, section } from './test-helpers';

// The pricing editor in the same tab is someone else's, with its own tests and endpoints.

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
  Modal.destroyAll();
});

const deletes = (server: ReturnType<typeof optionServer>) =>
  server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path);

/** The OK button of the newest confirmation dialog (closed ones fade out with no animation end here). */
async function confirmButton() {
  const titles = await screen.findAllByText('确认清除历史日志？');
  const dialog = titles.at(-1)!.closest('.semi-modal') as HTMLElement;
  return within(dialog).getByText('确定');
}

async function pickTime(text: string) {
  const input = screen.getByPlaceholderText('请选择日志时间');
  await userEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
  await userEvent.keyboard('{Enter}');
}

describe('log settings', { timeout: 20_000 }, () => {
  it('saves the consumption-log switch', async () => {
    const server = optionServer();
    renderSettings('operation', server, OPERATOR);
    const logs = await section('日志设置');
    await userEvent.click(logs.getByRole('switch', { name: '启用额度消费日志记录' }));
    await userEvent.click(logs.getByRole('button', { name: '保存日志设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([['LogConsumeEnabled', 'false']]);
  });

  it('asks for a time before cleaning', async () => {
    const server = optionServer();
    renderSettings('operation', server, OPERATOR);
    const logs = await section('日志设置');
    await userEvent.click(logs.getByRole('button', { name: '清除历史日志' }));
    expect(await screen.findAllByText('请选择日志时间')).not.toHaveLength(0);
    expect(deletes(server)).toEqual([]);
  });

  it('cleans logs before the chosen time after confirmation and shows the count', async () => {
    const server = optionServer();
    server.reply('DELETE', '/api/log/', ok(42));
    renderSettings('operation', server, OPERATOR);
    const logs = await section('日志设置');
    await pickTime('2024-05-01 10:00:00');
    await userEvent.click(logs.getByRole('button', { name: '清除历史日志' }));
    expect(await screen.findByText('确认清除历史日志？')).toBeTruthy();
    expect(deletes(server)).toEqual([]);
    await userEvent.click(await confirmButton());
    expect(await screen.findByText('42 条日志已清理！')).toBeTruthy();
    const target = Math.floor(new Date(2024, 4, 1, 10, 0, 0).getTime() / 1000);
    expect(deletes(server)).toEqual([`/api/log/?target_timestamp=${target}`]);
  });

  it('reports a refused cleanup with its reason', async () => {
    const server = optionServer();
    server.reply('DELETE', '/api/log/', fail(400, 'database is busy'));
    renderSettings('operation', server, OPERATOR);
    const logs = await section('日志设置');
    await pickTime('2024-05-01 10:00:00');
    await userEvent.click(logs.getByRole('button', { name: '清除历史日志' }));
    await userEvent.click(await confirmButton());
    expect(await screen.findByText('日志清理失败：database is busy')).toBeTruthy();
    await waitFor(() => expect(deletes(server)).toHaveLength(1));
  });
});
