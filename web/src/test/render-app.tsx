import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SiteStatus } from '@gateway/contract';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { initI18n } from '../i18n';
import { storeUser, type StoredUser } from '../session/stored-user';
import { FALLBACK_STATUS } from '../status/site-status-storage';
import { ok, type FakeReply, type FakeServer } from './fake-server';

export const statusWith = (overrides: Partial<SiteStatus> = {}): SiteStatus => ({
  ...FALLBACK_STATUS,
  system_name: 'Test Gateway',
  version: '1.2.3',
  ...overrides,
});

export const ADMIN: StoredUser = {
  id: 1,
  username: 'root',
  display_name: 'Root',
  role: 100,
  status: 1,
  group: 'default',
};
export const MEMBER: StoredUser = {
  id: 2,
  username: 'alice',
  display_name: '',
  role: 1,
  status: 1,
  group: 'default',
};

/** The whole console (gate, layout, pages) at one address, against a fake server. */
export function renderApp(
  path: string,
  server: FakeServer,
  options: {
    status?: Partial<SiteStatus>;
    /** Replaces the status answer altogether (errors). */
    statusReply?: FakeReply;
    user?: StoredUser;
    language?: 'zh' | 'en';
  } = {},
) {
  initI18n(options.language ?? 'zh');
  if (options.user) storeUser(options.user);
  server.reply('GET', '/api/status', options.statusReply ?? ok(statusWith(options.status)));
  if (!server.has('GET', '/api/home_page_content')) server.reply('GET', '/api/home_page_content', ok(''));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
