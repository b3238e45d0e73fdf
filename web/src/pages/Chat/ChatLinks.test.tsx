import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveConsoleFor, openInNewTab } from '../../chat-links/browser-navigation';
import { fail, fakeServer, ok, type FakeServer } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';
import { page, serveTokenApi, token } from '../Token/token-test-data';

vi.mock('../../chat-links/browser-navigation', () => ({
  leaveConsoleFor: vi.fn(),
  openInNewTab: vi.fn(() => true),
}));

const CHATS: Array<Record<string, string>> = [
  { 'Next Web': 'https://chat.example/#/?settings={"key":"{key}","url":"{address}"}' },
  { AMA: 'ama://set-api-key?server={address}&key={key}' },
];
const status = { chats: CHATS, server_address: 'https://gw.example' };
const KEY = 'k'.repeat(48);
const ENCODED_ADDRESS = encodeURIComponent('https://gw.example');

let server: FakeServer;

beforeEach(() => {
  server = fakeServer();
  serveTokenApi(server, [
    token({ id: 1, name: 'off', status: 2, key: 'd'.repeat(48) }),
    token({ id: 2, name: 'main', key: KEY }),
  ]);
  vi.mocked(leaveConsoleFor).mockClear();
  vi.mocked(openInNewTab).mockReset().mockReturnValue(true);
});

afterEach(() => vi.unstubAllGlobals());

describe('chat entries of a token row', () => {
  const chatButton = async (name: string) =>
    within((await screen.findByText(name)).closest('tr') as HTMLElement).getByRole('button', {
      name: /聊天/,
    });

  it('opens the chosen template in a new tab with the address and the sk- key', async () => {
    renderApp('/token', server, { user: MEMBER, status });
    await userEvent.click(await chatButton('main'));
    await userEvent.click(await screen.findByText('AMA'));
    expect(openInNewTab).toHaveBeenCalledWith(`ama://set-api-key?server=${ENCODED_ADDRESS}&key=sk-${KEY}`);
  });

  it('asks the admin to configure chat links when there are none', async () => {
    renderApp('/token', server, { user: MEMBER, status: { ...status, chats: [] } });
    await userEvent.click(await chatButton('main'));
    expect(await screen.findByText('请联系管理员配置聊天链接')).toBeTruthy();
    expect(openInNewTab).not.toHaveBeenCalled();
  });

  it('reports a malformed template', async () => {
    renderApp('/token', server, { user: MEMBER, status: { ...status, chats: [{}] } });
    await userEvent.click(await chatButton('main'));
    expect(await screen.findByText('聊天链接配置错误，请联系管理员')).toBeTruthy();
  });

  it('copies the link when the popup is blocked, and shows it when the clipboard refuses too', async () => {
    vi.mocked(openInNewTab).mockReturnValue(false);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
    renderApp('/token', server, { user: MEMBER, status });
    await userEvent.click(await chatButton('main'));
    await userEvent.click(await screen.findByText('Next Web'));
    expect(await screen.findByText('无法复制到剪贴板，请手动复制')).toBeTruthy();
    const url = `https://chat.example/#/?settings={"key":"sk-${KEY}","url":"${ENCODED_ADDRESS}"}`;
    expect(screen.getAllByText(url).length).toBeGreaterThan(0);
    Reflect.deleteProperty(document, 'execCommand');
  });
});

describe('/chat/:id', () => {
  it('embeds a web template filled with the first enabled token', async () => {
    renderApp('/chat/0', server, { user: MEMBER, status });
    const frame = (await screen.findByTitle('聊天：Next Web')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(
      `https://chat.example/#/?settings={"key":"sk-${KEY}","url":"${ENCODED_ADDRESS}"}`,
    );
    const list = server.calls.find((c) => c.path.startsWith('/api/token/?'))!;
    expect(new URLSearchParams(list.path.split('?')[1]).get('size')).toBe('100');
  });

  it('hands an app scheme to the browser instead of framing it', async () => {
    renderApp('/chat/1', server, { user: MEMBER, status });
    expect(await screen.findByText('正在打开 AMA……')).toBeTruthy();
    expect(leaveConsoleFor).toHaveBeenCalledWith(`ama://set-api-key?server=${ENCODED_ADDRESS}&key=sk-${KEY}`);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('says so when the token list cannot be read', async () => {
    server.reply('GET', '/api/token/', fail(500, 'boom'));
    renderApp('/chat/0', server, { user: MEMBER, status });
    expect(await screen.findByText('读取令牌失败，请刷新页面重试')).toBeTruthy();
  });

  it('says so when the id names no template', async () => {
    renderApp('/chat/5', server, { user: MEMBER, status });
    expect(await screen.findByText('聊天链接配置错误，请联系管理员')).toBeTruthy();
  });
});

describe('/chat2link', () => {
  it('sends the user to the first template', async () => {
    renderApp('/chat2link', server, { user: MEMBER, status });
    await waitFor(() =>
      expect(leaveConsoleFor).toHaveBeenCalledWith(
        `https://chat.example/#/?settings={"key":"sk-${KEY}","url":"${ENCODED_ADDRESS}"}`,
      ),
    );
  });

  it('without an enabled token says so and goes to /token after about 1.5 s', async () => {
    server.reply('GET', '/api/token/', ok(page([token({ status: 2 })])));
    const started = Date.now();
    const { router } = renderApp('/chat2link', server, { user: MEMBER, status });
    expect(
      (await screen.findAllByText('当前没有可用的启用令牌，请确认是否有令牌处于启用状态！')).length,
    ).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/chat2link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/token'), { timeout: 4000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(leaveConsoleFor).not.toHaveBeenCalled();
  });
});
