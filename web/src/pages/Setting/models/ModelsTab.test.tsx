import { screen, waitFor } from '@testing-library/react';
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

describe('models tab', { timeout: 20_000 }, () => {
  it('saves the global switches and the ping interval', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('models', server, OPERATOR);
    const global = await section('全局设置');
    expect(global.getByText(/系统无法重试/)).toBeTruthy();
    await retype(global.getByLabelText('Ping 间隔（秒）'), '30');
    await userEvent.click(global.getByRole('switch', { name: '启用 Ping 间隔' }));
    await userEvent.click(global.getByRole('button', { name: '保存全局设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([
      ['general_setting.ping_interval_enabled', 'true'],
      ['general_setting.ping_interval_seconds', '30'],
    ]);
  });

  it('refuses a ping interval below 1 second', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('models', server, OPERATOR);
    const global = await section('全局设置');
    await retype(global.getByLabelText('Ping 间隔（秒）'), '0');
    expect(await global.findByText('不能小于 1')).toBeTruthy();
    await userEvent.click(global.getByRole('button', { name: '保存全局设置' }));
    expect(await screen.findByText('请检查输入')).toBeTruthy();
    expect(optionPuts(server)).toEqual([]);
  });

  it('shows the stored Gemini settings and refuses a budget share of 1.5', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('models', server, OPERATOR);
    const gemini = await section('Gemini 设置');
    const budget = gemini.getByLabelText('思考预算占比') as HTMLInputElement;
    expect(budget.value).toBe('0.6');
    expect(gemini.getByText(/24576/)).toBeTruthy();
    await retype(budget, '1.5');
    expect(await gemini.findByText('不能大于 1')).toBeTruthy();
    await userEvent.click(gemini.getByRole('button', { name: '保存 Gemini 设置' }));
    expect(await screen.findByText('请检查输入')).toBeTruthy();
    await retype(budget, '0.05');
    expect(await gemini.findByText('不能小于 0.1')).toBeTruthy();
    expect(optionPuts(server)).toEqual([]);
  });

  it('checks the Gemini JSON on blur and saves it with the budget share', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('models', server, OPERATOR);
    const gemini = await section('Gemini 设置');
    const models = gemini.getByLabelText('支持的图像模型');
    await retype(models, '["gemini-2.0-flash-exp"');
    expect(await gemini.findByText('不是合法的 JSON 字符串')).toBeTruthy();
    await retype(models, '["gemini-2.0-flash-exp"]');
    await waitFor(() => expect(gemini.queryByText('不是合法的 JSON 字符串')).toBeNull());
    await retype(gemini.getByLabelText('思考预算占比'), '0.5');
    await userEvent.click(gemini.getByRole('switch', { name: '启用 Gemini 思考后缀适配' }));
    await userEvent.click(gemini.getByRole('button', { name: '保存 Gemini 设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([
      ['gemini.thinking_adapter_enabled', 'true'],
      ['gemini.supported_imagine_models', '["gemini-2.0-flash-exp"]'],
      ['gemini.thinking_adapter_budget_tokens_percentage', '0.5'],
    ]);
  });

  it('saves Claude default max tokens and refuses invalid JSON there', async () => {
    const server = optionServer({}, OPERATOR);
    renderSettings('models', server, OPERATOR);
    const claude = await section('Claude 设置');
    const maxTokens = claude.getByLabelText('缺省 MaxTokens');
    await retype(maxTokens, '{"default": 8192,');
    expect(await claude.findByText('不是合法的 JSON 字符串')).toBeTruthy();
    await userEvent.click(claude.getByRole('button', { name: '保存 Claude 设置' }));
    expect(await screen.findByText('请检查输入')).toBeTruthy();
    expect(optionPuts(server)).toEqual([]);
    await retype(maxTokens, '{"default": 4096}');
    await userEvent.click(claude.getByRole('button', { name: '保存 Claude 设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(optionPuts(server)).toEqual([['claude.default_max_tokens', '{"default": 4096}']]);
  });
});
