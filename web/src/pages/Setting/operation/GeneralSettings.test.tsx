import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../../../test/render-app';
import { OPERATOR, optionPuts, optionServer, renderSettings, retype, section } from './test-helpers';

// The pricing editor in the same tab is someone else's, with its own tests and endpoints.

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
  Modal.destroyAll();
});

describe('general settings', { timeout: 20_000 }, () => {
  it('sends only the changed keys, switches first', async () => {
    const server = optionServer();
    renderSettings('operation', server);
    const general = await section('通用设置');
    await retype(general.getByLabelText('失败重试次数'), '3');
    await userEvent.click(general.getByRole('switch', { name: '演示站点模式' }));
    await userEvent.click(general.getByRole('switch', { name: '以货币形式显示额度' }));
    await userEvent.click(general.getByRole('button', { name: '保存通用设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([
      ['DisplayInCurrencyEnabled', 'false'],
      ['DemoSiteEnabled', 'true'],
      ['RetryTimes', '3'],
    ]);
  });

  it('warns when nothing changed and sends nothing', async () => {
    const server = optionServer();
    renderSettings('operation', server);
    const general = await section('通用设置');
    await userEvent.click(general.getByRole('button', { name: '保存通用设置' }));
    expect(await screen.findByText('你似乎并没有修改什么')).toBeTruthy();
    expect(optionPuts(server)).toEqual([]);
  });

  it('warns against changing the quota per unit and shows one quota with 6 decimals', async () => {
    renderSettings('operation', optionServer());
    const general = await section('通用设置');
    expect(general.getByText(/不推荐修改/)).toBeTruthy();
    expect(general.getByText('1 额度 = $0.000002')).toBeTruthy();
  });

  it('shows the top-up and documentation links to the super admin only', async () => {
    renderSettings('operation', optionServer({ TopUpLink: 'https://shop.example' }), ADMIN);
    const forRoot = await section('通用设置');
    expect((forRoot.getByLabelText('充值链接') as HTMLInputElement).value).toBe('https://shop.example');
    expect(forRoot.getByLabelText('文档地址')).toBeTruthy();
  });

  it('lets an admin save without touching the root-only options', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const general = await section('通用设置');
    expect(general.queryByLabelText('充值链接')).toBeNull();
    expect(general.queryByLabelText('文档地址')).toBeNull();
    await userEvent.click(general.getByRole('switch', { name: '自用模式' }));
    await userEvent.click(general.getByRole('button', { name: '保存通用设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([['SelfUseModeEnabled', 'true']]);
  });

  it('refuses a quota per unit below 1 before sending', async () => {
    const server = optionServer();
    renderSettings('operation', server);
    const general = await section('通用设置');
    await retype(general.getByLabelText('单位美元额度'), '0');
    expect(await general.findByText('不能小于 1')).toBeTruthy();
    await userEvent.click(general.getByRole('button', { name: '保存通用设置' }));
    expect(await screen.findByText('请检查输入')).toBeTruthy();
    await waitFor(() => expect(optionPuts(server)).toEqual([]));
  });
});
