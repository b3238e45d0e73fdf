import type { SiteStatus } from '@gateway/contract';
import { StorageKey } from '../storage/keys';
import { readLocal, readLocalJson, writeLocal } from '../storage/local-store';

/**
 * Keeps the status where the rest of the console (and the spec) expects it: the whole object
 * under `status`, plus the flags the layout reads on its own.
 */
export function persistSiteStatus(status: SiteStatus) {
  writeLocal(StorageKey.status, JSON.stringify(status));
  writeLocal(StorageKey.footerHtml, status.footer_html ? status.footer_html : null);
  writeLocal(StorageKey.chats, JSON.stringify(status.chats ?? []));
  writeLocal(StorageKey.enableDataExport, String(status.enable_data_export));
  writeLocal(StorageKey.enableDrawing, String(status.enable_drawing));
  writeLocal(StorageKey.enableTask, String(status.enable_task));
  writeLocal(StorageKey.mjNotifyEnabled, String(status.mj_notify_enabled));
  // The site default only seeds the sidebar; once the visitor toggles it, their choice stays.
  if (readLocal(StorageKey.defaultCollapseSidebar) === null) {
    writeLocal(StorageKey.defaultCollapseSidebar, String(status.default_collapse_sidebar));
  }
}

/** What the console assumes before the first status answer (or when it never comes). */
export const FALLBACK_STATUS: SiteStatus = {
  version: '',
  start_time: 0,
  setup: true,
  system_name: '',
  logo: '',
  footer_html: '',
  server_address: '',
  docs_link: '',
  quota_per_unit: 500000,
  display_in_currency: true,
  display_token_stat: true,
  enable_drawing: false,
  enable_task: false,
  enable_data_export: false,
  data_export_default_time: 'hour',
  default_collapse_sidebar: false,
  mj_notify_enabled: false,
  chats: [],
  chat_link: '',
  chat_link2: '',
  email_verification: false,
  turnstile_check: false,
  turnstile_site_key: '',
  github_oauth: false,
  github_client_id: '',
  github_authorize_url: '',
  oidc_enabled: false,
  oidc_client_id: '',
  oidc_authorization_endpoint: '',
  wechat_login: false,
  wechat_qrcode: '',
  telegram_oauth: false,
  telegram_bot_name: '',
  linuxdo_oauth: false,
  linuxdo_client_id: '',
  linuxdo_authorize_url: '',
  self_use_mode_enabled: false,
  demo_site_enabled: false,
  top_up_link: '',
  price: 7.3,
  min_topup: 1,
  enable_online_topup: false,
  register_enabled: true,
  password_login_enabled: true,
  password_register_enabled: true,
};

/** The last status seen, completed with defaults in case it came from an older server. */
export function readStoredSiteStatus(): SiteStatus | null {
  const stored = readLocalJson<Partial<SiteStatus>>(StorageKey.status);
  return stored ? { ...FALLBACK_STATUS, ...stored } : null;
}
