import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskView } from '@gateway/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';
import { progressPercent } from './task-columns';

const task = (overrides: Partial<TaskView>): TaskView => ({
  id: 1,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  task_id: 'suno-task-1',
  platform: 'suno',
  user_id: 2,
  channel_id: 7,
  quota: 50_000,
  action: 'MUSIC',
  status: 'SUCCESS',
  fail_reason: '',
  submit_time: 1_700_000_000,
  start_time: 1_700_000_001,
  finish_time: 1_700_000_030,
  progress: '100%',
  properties: { input: 'a song' },
  data: [{ audio_url: 'https://cdn.example.test/1.mp3' }],
  ...overrides,
});

const TASKS = [
  task({}),
  task({
    id: 2,
    task_id: 'suno-task-2',
    action: 'LYRICS',
    status: 'FAILURE',
    fail_reason: 'generation failed: content policy',
    finish_time: 1_700_000_090,
  }),
  task({ id: 3, task_id: 'suno-task-3', status: 'IN_PROGRESS', progress: 'waiting', finish_time: 0 }),
  task({ id: 4, task_id: 'suno-task-4', status: '', progress: '0%', finish_time: 0 }),
];

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
  for (const path of ['/api/task/', '/api/task/self']) {
    server.reply('GET', path, ok({ items: TASKS, total: 4, page: 1, page_size: 10 }));
  }
});

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const rowOf = async (text: string) =>
  (await screen.findByText(text, {}, { timeout: 5000 })).closest('tr') as HTMLElement;
const queryOf = (path: string) => {
  const call = server.calls.filter((c) => c.path.startsWith(`${path}?`)).at(-1)!;
  return new URLSearchParams(call.path.split('?')[1]);
};

describe('task log for a user', () => {
  it('reads its own tasks from today’s midnight with no end, without channels', async () => {
    renderApp('/task', server, { user: MEMBER });
    await screen.findByText('suno-task-1', {}, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: '任务日志' })).toBeTruthy();
    expect(server.calls.some((c) => c.path.startsWith('/api/task/?'))).toBe(false);
    const query = queryOf('/api/task/self');
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(Number(query.get('start_timestamp'))).toBe(midnight.getTime() / 1000);
    expect(query.has('end_timestamp')).toBe(false);
    expect(query.has('channel_id')).toBe(false);
    expect(query.get('page_size')).toBe('10');
    expect(headers()).toEqual([
      '提交时间',
      '结束时间',
      '进度',
      '花费时间',
      '平台',
      '类型',
      '任务ID',
      '任务状态',
      '失败原因',
    ]);
    expect(screen.queryByLabelText('渠道 ID')).toBeNull();
  });

  it('shows statuses, types, durations and progress as the spec describes', async () => {
    renderApp('/task', server, { user: MEMBER });
    const done = await rowOf('suno-task-1');
    expect(within(done).getByText('成功')).toBeTruthy();
    expect(within(done).getByText('生成音乐')).toBeTruthy();
    expect(within(done).getByText('Suno')).toBeTruthy();
    expect(screen.getByTestId('task-duration-1').textContent).toBe('30 秒');
    expect(screen.getByTestId('task-duration-1').className).toContain('green');
    expect(screen.getByTestId('task-duration-2').className).toContain('red');
    const failed = await rowOf('suno-task-2');
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('生成歌词')).toBeTruthy();
    expect(within(await rowOf('suno-task-3')).getByText('waiting')).toBeTruthy();
    expect(within(await rowOf('suno-task-4')).getByText('提交中')).toBeTruthy();
  });

  it('opens the full record as JSON and the failure reason in dialogs', async () => {
    renderApp('/task', server, { user: MEMBER });
    await userEvent.click(await screen.findByText('suno-task-1', {}, { timeout: 5000 }));
    const json = await screen.findByTestId('task-dialog-text');
    expect(JSON.parse(json.textContent!)).toMatchObject({ task_id: 'suno-task-1', quota: 50_000 });
    expect(screen.getByText('任务详情')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByText('generation failed: content policy'));
    await waitFor(() => expect(screen.getByText('失败原因', { selector: '.semi-modal-title' })).toBeTruthy());
    expect(screen.getByTestId('task-dialog-text').textContent).toBe('generation failed: content policy');
  });
});

describe('task log for an admin', () => {
  it('shows the channel and filters by channel and task id', async () => {
    renderApp('/task', server, { user: ADMIN });
    const row = await rowOf('suno-task-1');
    expect(headers()).toContain('渠道');
    expect(within(row).getByText('7')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('渠道 ID'), '7');
    await userEvent.type(screen.getByLabelText('任务 ID'), 'suno-task-2');
    await userEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(queryOf('/api/task/').get('channel_id')).toBe('7'));
    expect(queryOf('/api/task/').get('task_id')).toBe('suno-task-2');
  });

  it('speaks English', async () => {
    renderApp('/task', server, { user: ADMIN, language: 'en' });
    await screen.findByText('suno-task-1', {}, { timeout: 5000 });
    expect(headers()).toEqual(
      expect.arrayContaining(['Submitted', 'Channel', 'Platform', 'Task ID', 'Status', 'Failure reason']),
    );
    expect(screen.getByText('Generate lyrics')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
  });
});

describe('progressPercent', () => {
  it('reads percentages and refuses text', () => {
    expect(progressPercent('45%')).toBe(45);
    expect(progressPercent('100')).toBe(100);
    expect(progressPercent('waiting')).toBeNull();
    expect(progressPercent('')).toBeNull();
  });
});
