import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR, optionPuts, optionServer, renderSettings, retype, section } from './test-helpers';

// The pricing editor in the same tab is someone else's, with its own tests and endpoints.

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
  Modal.destroyAll();
});

describe('group ratios and chats', { timeout: 20_000 }, () => {
  it('flags invalid JSON when the field is left and blocks saving', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const groups = await section('分组倍率设置');
    const ratio = groups.getByLabelText('分组倍率');
    await retype(ratio, '{"default": 1,');
    expect(await groups.findByText('不是合法的 JSON 字符串')).toBeTruthy();
    await userEvent.click(groups.getByRole('button', { name: '保存分组倍率设置' }));
    expect(await screen.findByText('请检查输入')).toBeTruthy();
    expect(optionPuts(server)).toEqual([]);
  });

  it('refuses a negative group ratio as the server would', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const groups = await section('分组倍率设置');
    await retype(groups.getByLabelText('分组倍率'), '{"default": -1}');
    expect(await groups.findByText(/group ratio must be not less than 0: default/)).toBeTruthy();
  });

  it('saves valid group JSON, only the changed one', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const groups = await section('分组倍率设置');
    await retype(groups.getByLabelText('用户可选分组'), '{"default": "默认分组", "pro": "专业"}');
    await userEvent.click(groups.getByRole('button', { name: '保存分组倍率设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([['UserUsableGroups', '{"default": "默认分组", "pro": "专业"}']]);
  });

  it('checks the chat links on blur and explains the placeholders', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const chats = await section('聊天设置');
    expect(chats.getByText(/\{address\} 将自动替换为系统设置的服务器地址/)).toBeTruthy();
    await retype(chats.getByLabelText('聊天配置'), '[{"Web": "https://chat.example/?key={key}"}');
    expect(await chats.findByText('不是合法的 JSON 字符串')).toBeTruthy();
    await retype(chats.getByLabelText('聊天配置'), '[{"Web": "https://chat.example/?key={key}"}]');
    await waitFor(() => expect(chats.queryByText('不是合法的 JSON 字符串')).toBeNull());
    await userEvent.click(chats.getByRole('button', { name: '保存聊天设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([['Chats', '[{"Web": "https://chat.example/?key={key}"}]']]);
  });
});
