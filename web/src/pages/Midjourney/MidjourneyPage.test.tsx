import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MidjourneyView, Page } from '@gateway/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { ADMIN, MEMBER, renderApp } from '../../test/render-app';

// jsdom has no IntersectionObserver; Semi's image viewer observes its picture while open.
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { value: IntersectionObserverStub, writable: true });
}

let server: FakeServer;
const SUBMIT = 1_700_000_000_000;

const task = (overrides: Partial<MidjourneyView> = {}): MidjourneyView => ({
  id: 1,
  user_id: 2,
  code: 1,
  action: 'IMAGINE',
  mj_id: '1700000000001',
  prompt: 'a red fox in the snow, cinematic lighting, highly detailed, 8k',
  prompt_en: 'a red fox in the snow',
  description: '提交成功',
  state: '',
  submit_time: SUBMIT,
  start_time: SUBMIT + 1000,
  finish_time: SUBMIT + 30_000,
  image_url: 'https://gw.example.com/mj/image/1700000000001',
  status: 'SUCCESS',
  progress: '100%',
  fail_reason: '',
  channel_id: 7,
  quota: 50000,
  ...overrides,
});
const failed = task({
  id: 2,
  mj_id: '1700000000002',
  action: 'UPSCALE',
  code: 22,
  status: 'FAILURE',
  progress: '50%',
  image_url: '',
  finish_time: SUBMIT + 90_000,
  fail_reason: 'Banned prompt detected',
});
const page = (items: MidjourneyView[]): Page<MidjourneyView> => ({
  items,
  total: items.length,
  page: 1,
  page_size: 10,
});

beforeEach(() => {
  server = fakeServer();
  server.reply('GET', '/api/mj/', ok(page([task(), failed])));
  server.reply('GET', '/api/mj/self', ok(page([task({ channel_id: 0 }), failed])));
});

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
const queryOf = (path: string) => {
  const call = server.calls.filter((c) => c.path.startsWith(`${path}?`)).at(-1)!;
  return new URLSearchParams(call.path.split('?')[1]);
};

// Whole-console renders: slow on a loaded machine, so more time than the default 5 s.
describe('drawing log', { timeout: 20_000 }, () => {
  it('shows a user their own tasks with every column but the channel, in Chinese', async () => {
    renderApp('/midjourney', server, { user: MEMBER });
    expect(await screen.findByText('1700000000002', {}, { timeout: 10_000 })).toBeTruthy();
    expect(headers()).toEqual([
      '提交时间',
      '花费时间',
      '类型',
      '任务ID',
      '提交结果',
      '任务状态',
      '进度',
      '结果图片',
      'Prompt',
      'PromptEn',
      '失败原因',
    ]);
    expect(server.calls.some((c) => c.path.startsWith('/api/mj/?'))).toBe(false);
    const query = queryOf('/api/mj/self');
    expect(query.has('channel_id')).toBe(false);
    const start = Number(query.get('start_timestamp'));
    expect(Date.now() - start).toBeGreaterThan(29 * 24 * 3_600_000);
    expect(Number(query.get('end_timestamp')) - Date.now()).toBeGreaterThan(3_500_000);
    expect(screen.getByText('绘图')).toBeTruthy();
    expect(screen.getByText('放大')).toBeTruthy();
    expect(screen.getByText('重复提交')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByTestId('mj-duration-1').textContent).toBe('30 秒');
    expect(screen.getByTestId('mj-duration-2').className).toContain('red');
    expect(screen.getByTestId('mj-duration-1').className).toContain('green');
    expect(
      screen.queryByText('当前未开启Midjourney回调，部分项目可能无法获得绘图结果，可在运营设置中开启。'),
    ).toBeNull();
  });

  it('opens long texts in a dialog and the result image in a viewer', async () => {
    renderApp('/midjourney', server, { user: MEMBER });
    await userEvent.click(await screen.findByTestId('mj-fail-2', {}, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Banned prompt detected')).toBeTruthy();
    await userEvent.click(within(dialog).getAllByLabelText('close')[0]!);
    await userEvent.click(screen.getByRole('button', { name: /查看图片/ }));
    await waitFor(() =>
      expect(document.querySelector('.semi-image-preview img')?.getAttribute('src')).toBe(
        'https://gw.example.com/mj/image/1700000000001',
      ),
    );
  });

  it('gives admins the channel column, the channel filter and the callback banner, in English', async () => {
    renderApp('/midjourney', server, { user: ADMIN, language: 'en', status: { mj_notify_enabled: false } });
    expect(await screen.findByText('1700000000002', {}, { timeout: 10_000 })).toBeTruthy();
    expect(headers()).toContain('Channel');
    expect(headers()[0]).toBe('Submitted');
    expect(screen.getByText(/The Midjourney callback is not enabled/)).toBeTruthy();
    expect(screen.getByText('Duplicate submission')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Channel ID'), '7');
    await userEvent.type(screen.getByLabelText('Task ID'), '1700000000001');
    await userEvent.click(screen.getByRole('button', { name: /Query/ }));
    await waitFor(() => expect(queryOf('/api/mj/').get('channel_id')).toBe('7'));
    expect(queryOf('/api/mj/').get('mj_id')).toBe('1700000000001');
  });
});
