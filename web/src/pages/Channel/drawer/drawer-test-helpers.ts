import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, Toast } from '@douyinfe/semi-ui-19';
import { afterEach, expect, vi } from 'vitest';
import { fakeServer, ok, type FakeServer } from '../../../test/fake-server';
import type { StoredUser } from '../../../session/stored-user';
import { ADMIN, renderApp } from '../../../test/render-app';
import { channelView, pageOf } from '../test-fixtures';
import { chooseOption } from '../test-select';

/** Test helpers of the channel drawer's component tests. */

/** Each test leaves no stubbed globals, toasts or confirmation dialogs behind (call once per file). */
export function cleanUpAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
    Toast.destroyAll();
    Modal.destroyAll();
  });
}

export function drawerServer(): FakeServer {
  const server = fakeServer();
  server.reply('GET', '/api/channel/', ok(pageOf([])));
  server.reply('GET', '/api/group/', ok(['default', 'vip']));
  server.reply('POST', '/api/channel/', ok([channelView({ id: 9 })]));
  return server;
}

export const sent = (server: FakeServer, method: string) =>
  server.calls.filter((c) => c.method === method && c.path.startsWith('/api/channel/')).map((c) => c.body);

export async function openDrawer(server: FakeServer, path = '/channel?add=1', user: StoredUser = ADMIN) {
  renderApp(path, server, { user });
  const sheet = await waitFor(
    () => {
      const found = document.querySelector<HTMLElement>('.channel-drawer');
      if (!found) throw new Error('no drawer yet');
      return found;
      // The page is loaded lazily: on a busy machine the first render takes longer than a second.
    },
    { timeout: 10_000 },
  );
  return within(sheet);
}

export type Drawer = Awaited<ReturnType<typeof openDrawer>>;

/** Pastes instead of typing: JSON braces are key descriptors for userEvent.type. */
export async function setText(drawer: Drawer, label: string, text: string) {
  const field = drawer.getByLabelText(label);
  await userEvent.clear(field);
  if (text) {
    await userEvent.click(field);
    await userEvent.paste(text);
  }
}

export async function addModels(drawer: Drawer, names: string) {
  await setText(drawer, '自定义模型名称', names);
  await userEvent.click(drawer.getByRole('button', { name: '填入' }));
}

export async function chooseType(drawer: Drawer, label: string) {
  await chooseOption(drawer.getByLabelText('类型'), label);
  await waitFor(() => expect(drawer.getByLabelText('类型').textContent).toContain(label));
}

export const submit = (drawer: Drawer) => userEvent.click(drawer.getByRole('button', { name: '提交' }));

export async function fillBasics(drawer: Drawer, key = 'sk-one') {
  await setText(drawer, '名称', 'main');
  await setText(drawer, '密钥', key);
  await addModels(drawer, 'gpt-4o');
}
