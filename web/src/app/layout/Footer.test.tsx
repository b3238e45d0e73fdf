import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { initI18n } from '../../i18n';
import { fakeServer, ok } from '../../test/fake-server';
import { statusWith } from '../../test/render-app';
import { Footer } from './Footer';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderFooter(footer_html = '') {
  initI18n('zh');
  fakeServer().reply('GET', '/api/status', ok(statusWith({ footer_html })));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Footer />
    </QueryClientProvider>,
  );
}

describe('footer', () => {
  it('shows the default credit line with the site name and version', async () => {
    renderFooter();
    expect(await screen.findByText('Test Gateway v1.2.3 · 开源 AI 模型 API 网关')).toBeTruthy();
  });

  it('shows the stored custom footer HTML instead', () => {
    localStorage.setItem('footer_html', '<a href="/x">Custom footer</a>');
    renderFooter();
    expect(screen.getByText('Custom footer').tagName).toBe('A');
  });

  it('picks up a footer stored within the 5 polls of 200 ms', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderFooter();
    act(() => vi.advanceTimersByTime(500));
    localStorage.setItem('footer_html', '<span>Late footer</span>');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('Late footer')).toBeTruthy();
  });

  it('stops looking after the fifth poll', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderFooter();
    act(() => vi.advanceTimersByTime(1000));
    localStorage.setItem('footer_html', '<span>Too late</span>');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Too late')).toBeNull();
  });

  it('follows a fresh status answer, e.g. after the admin saved a new footer', async () => {
    localStorage.setItem('footer_html', '<span>Old footer</span>');
    renderFooter('<span>New footer</span>');
    expect(await screen.findByText('New footer')).toBeTruthy();
    expect(screen.queryByText('Old footer')).toBeNull();
  });
});
