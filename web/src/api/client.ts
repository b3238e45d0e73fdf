import { Toast } from '@douyinfe/semi-ui-19';
import i18n from 'i18next';
import { translateServerMessage } from '../i18n/server-messages';
import { clearStoredUser, readStoredUser } from '../session/stored-user';
import { createHttpClient } from './http-client';

export const LOGIN_EXPIRED_PATH = '/login?expired=true';

/**
 * The session is gone (expired, or the server restarted with a new secret): forget the user and
 * go to the login page with the expired notice. A full navigation drops every cached query.
 */
export function expireSession(navigate = (url: string) => window.location.assign(url)) {
  clearStoredUser();
  if (window.location.pathname !== '/login') navigate(LOGIN_EXPIRED_PATH);
}

/** The client every page uses: Semi toasts, and a full reload to the login page on 401. */
export const api = createHttpClient({
  readUserId: () => readStoredUser()?.id ?? null,
  onUnauthorized: () => expireSession(),
  showError: (message) => Toast.error({ content: message, duration: 3 }),
  translate: (key, values) => i18n.t(key, values),
  translateServerMessage,
});
