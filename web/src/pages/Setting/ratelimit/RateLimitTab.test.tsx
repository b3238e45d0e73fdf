import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OPERATOR,
  optionPuts,
  optionServer,
  renderSettings,
  retype,
  section,
} from '../operation/test-helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
  Modal.destroyAll();
});

describe('rate-limit tab', { timeout: 20_000 }, () => {
  it('explains the limits and saves the switch before the numbers', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('ratelimit', server, OPERATOR);
    const limits = await section('模型请求速率限制');
    expect(limits.getByText('包括失败请求的次数，0 代表不限制')).toBeTruthy();
    await retype(limits.getByLabelText('用户每周期最多请求次数'), '0');
    await retype(limits.getByLabelText('限制周期'), '5');
    await retype(limits.getByLabelText('用户每周期最多请求完成次数'), '20');
    await userEvent.click(
      limits.getByRole('switch', { name: '启用用户模型请求速率限制（可能会影响高并发性能）' }),
    );
    await userEvent.click(limits.getByRole('button', { name: '保存模型速率限制' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    // The count stays 0 (unlimited), so it is not sent.
    expect(optionPuts(server)).toEqual([
      ['ModelRequestRateLimitEnabled', 'true'],
      ['ModelRequestRateLimitDurationMinutes', '5'],
      ['ModelRequestRateLimitSuccessCount', '20'],
    ]);
  });

  it('refuses a success count below 1 and a negative count', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('ratelimit', server, OPERATOR);
    const limits = await section('模型请求速率限制');
    await retype(limits.getByLabelText('用户每周期最多请求完成次数'), '0');
    expect(await limits.findByText('不能小于 1')).toBeTruthy();
    await retype(limits.getByLabelText('用户每周期最多请求次数'), '-1');
    expect(await limits.findByText('不能小于 0')).toBeTruthy();
    await userEvent.click(limits.getByRole('button', { name: '保存模型速率限制' }));
    expect(await screen.findByText('请检查输入')).toBeTruthy();
    expect(optionPuts(server)).toEqual([]);
  });

  it('speaks English', async () => {
    renderSettings('ratelimit', optionServer({}, OPERATOR), OPERATOR, 'en');
    const limits = await section('Model request rate limit');
    expect(limits.getByText('Failed requests count too; 0 means unlimited')).toBeTruthy();
  });
});
