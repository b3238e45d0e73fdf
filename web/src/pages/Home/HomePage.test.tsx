import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('home and about', () => {
  it('welcomes with the system name when no home content is set', async () => {
    renderApp('/', fakeServer());
    expect(await screen.findByText('欢迎使用 Test Gateway')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('登录');
  });

  it('offers the console to a signed-in user', async () => {
    renderApp('/', fakeServer(), { user: MEMBER });
    expect(await screen.findByText('进入控制台')).toBeTruthy();
  });

  it('shows the home page content when set', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/home_page_content', ok('## Our gateway'));
    renderApp('/', server);
    expect((await screen.findByText('Our gateway')).tagName).toBe('H2');
    expect(screen.queryByText('欢迎使用 Test Gateway')).toBeNull();
  });

  it('shows the about content', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/about', ok('We **relay** models.'));
    renderApp('/about', server);
    expect((await screen.findByText('relay')).tagName).toBe('STRONG');
  });

  it('says where to set the about content when it is empty', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/about', ok(''));
    renderApp('/about', server);
    expect(await screen.findByText('可在设置页面设置关于内容，支持 HTML & Markdown')).toBeTruthy();
  });
});

describe('home notice', () => {
  it('shows the notice set in Settings → Other above the home content', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/notice', ok('Maintenance **tonight**'));
    server.reply('GET', '/api/home_page_content', ok('## Our gateway'));
    renderApp('/', server);
    expect((await screen.findByText('tonight')).tagName).toBe('STRONG');
    expect(screen.getByTestId('home-notice').textContent).toContain('Maintenance');
    expect(await screen.findByText('Our gateway')).toBeTruthy();
  });

  it('shows nothing when no notice is set', async () => {
    const server = fakeServer();
    server.reply('GET', '/api/notice', ok(''));
    renderApp('/', server);
    expect(await screen.findByText('欢迎使用 Test Gateway')).toBeTruthy();
    expect(screen.queryByTestId('home-notice')).toBeNull();
  });
});
