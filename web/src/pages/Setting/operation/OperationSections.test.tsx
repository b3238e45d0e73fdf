import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickOption } from '../../Token/pick-option';
import { OPERATOR, optionPuts, optionServer, renderSettings, retype, section } from './test-helpers';

// The pricing editor in the same tab is someone else's, with its own tests and endpoints.

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
  Modal.destroyAll();
});

describe('operation sections', { timeout: 20_000 }, () => {
  it('saves drawing switches one after another', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const drawing = await section('绘图设置');
    await userEvent.click(drawing.getByRole('switch', { name: '启用绘图功能' }));
    await userEvent.click(drawing.getByRole('switch', { name: '允许 AccountFilter 参数' }));
    await userEvent.click(drawing.getByRole('button', { name: '保存绘图设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([
      ['DrawingEnabled', 'false'],
      ['MjAccountFilterEnabled', 'true'],
    ]);
  });

  it('saves sensitive words one per line after the switches', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const sensitive = await section('屏蔽词过滤设置');
    const words = sensitive.getByLabelText('屏蔽词列表');
    await userEvent.clear(words);
    await userEvent.type(words, 'foo{Enter}bar');
    await userEvent.click(sensitive.getByRole('switch', { name: '命中屏蔽词时中止请求' }));
    await userEvent.click(sensitive.getByRole('button', { name: '保存屏蔽词过滤设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([
      ['StopOnSensitiveEnabled', 'false'],
      ['SensitiveWords', 'foo\nbar'],
    ]);
  });

  it('saves the dashboard interval as a number and the granularity', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const dashboard = await section('数据看板设置');
    await retype(dashboard.getByLabelText('数据看板更新间隔'), '15');
    await userEvent.click(dashboard.getByText('小时'));
    await pickOption('周');
    await userEvent.click(dashboard.getByRole('button', { name: '保存数据看板设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([
      ['DataExportInterval', '15'],
      ['DataExportDefaultTime', 'week'],
    ]);
  });

  it('saves monitoring thresholds and keywords', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const monitoring = await section('监控设置');
    await retype(monitoring.getByLabelText('测试所有渠道的最长响应时间'), '7.5');
    await userEvent.click(monitoring.getByRole('switch', { name: '失败时自动禁用通道' }));
    await retype(monitoring.getByLabelText('自动禁用关键词'), 'quota exceeded');
    await userEvent.click(monitoring.getByRole('button', { name: '保存监控设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([
      ['AutomaticDisableChannelEnabled', 'true'],
      ['ChannelDisableThreshold', '7.5'],
      ['AutomaticDisableKeywords', 'quota exceeded'],
    ]);
  });

  it('shows quota settings also as currency', async () => {
    const server = optionServer({ QuotaForNewUser: '500000' }, OPERATOR);
    renderSettings('operation', server, OPERATOR);
    const quota = await section('额度设置');
    expect(quota.getByText('折合 $1.00')).toBeTruthy();
    await retype(quota.getByLabelText('邀请新用户奖励额度'), '250000');
    expect(quota.getByText('折合 $0.50')).toBeTruthy();
    await userEvent.click(quota.getByRole('button', { name: '保存额度设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([['QuotaForInviter', '250000']]);
  });

  it('words the sections in English', async () => {
    renderSettings('operation', optionServer({}, OPERATOR), OPERATOR, 'en');
    for (const title of ['General', 'Drawing', 'Logs', 'Monitoring', 'Quota', 'Group ratios', 'Chats']) {
      expect(await screen.findByRole('form', { name: title })).toBeTruthy();
    }
  });
});
