import { OPTION_DEFS } from '@gateway/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, ok, type FakeServer } from '../../../test/fake-server';
import { ADMIN, renderApp } from '../../../test/render-app';
import type { StoredUser } from '../../../session/stored-user';

/** An admin (role 10): manages the operation options but not the super admin's. */
export const OPERATOR: StoredUser = { ...ADMIN, id: 5, username: 'operator', role: 10 };

/**
 * A fake /api/option/ like the real one: every declared default (overridden by `stored`), the
 * root-only ones only for the super admin, secrets never; PUTs answer success.
 */
export function optionServer(stored: Record<string, string> = {}, user: StoredUser = ADMIN): FakeServer {
  const server = fakeServer();
  const list = OPTION_DEFS.filter((d) => !d.secret && (user.role >= 100 || !d.rootOnly)).map((d) => ({
    key: d.key,
    value: stored[d.key] ?? d.default,
  }));
  server.reply('GET', '/api/option/', ok(list));
  server.reply('PUT', '/api/option/', ok());
  // The price editors in the same tab list the models of enabled channels.
  server.reply('GET', '/api/channel/models_enabled', ok(['gpt-4o-mini']));
  return server;
}

export function renderSettings(
  tab: string,
  server: FakeServer,
  user: StoredUser = ADMIN,
  language?: 'zh' | 'en',
) {
  return renderApp(`/setting?tab=${tab}`, server, { user, language });
}

/** The PUT /api/option/ calls made so far, as [key, value] in the order they were sent. */
export const optionPuts = (server: FakeServer) =>
  server.calls
    .filter((c) => c.method === 'PUT' && c.path === '/api/option/')
    .map((c) => {
      const body = c.body as { key: string; value: string };
      return [body.key, body.value];
    });

/** The settings panel titled `title`, once its options have loaded. */
export async function section(title: string) {
  const form = await screen.findByRole('form', { name: title });
  await within(form).findByRole('button', { name: /^保存|^Save/ });
  return within(form);
}

/** Replaces a text or number field's content, then leaves it (blur). */
export async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '')
    await userEvent.type(
      field,
      text.replace(/[{[]/g, (c) => c + c),
    );
  await userEvent.tab();
}
