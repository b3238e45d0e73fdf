import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../../test/fake-server';
import { ADMIN, renderApp } from '../../../test/render-app';

/** A root user's settings tab against a fake server holding `stored` options (and accepting writes). */
export function renderSettingsTab(tab: 'system' | 'other', stored: Record<string, string> = {}) {
  const server = fakeServer();
  server.reply('GET', '/api/option/', ok(Object.entries(stored).map(([key, value]) => ({ key, value }))));
  server.reply('PUT', '/api/option/', ok());
  const view = renderApp(`/setting?tab=${tab}`, server, { user: ADMIN });
  return { server, ...view };
}

/** The option writes the page sent, in order. */
export const puts = (server: FakeServer) =>
  server.calls.filter((c) => c.method === 'PUT' && c.path === '/api/option/').map((c) => c.body);

/** A section card, found by its title, once its form has its stored values. */
export async function section(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.semi-card-header *' });
  const card = heading.closest('.semi-card') as HTMLElement;
  await waitFor(() => expect(card.querySelector('form')).not.toBeNull());
  return card;
}

export const inSection = (card: HTMLElement) => within(card);
