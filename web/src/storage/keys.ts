/** localStorage keys the console shares with the spec (and with older consoles on the same origin). */
export const StorageKey = {
  user: 'user',
  status: 'status',
  themeMode: 'theme-mode',
  language: 'i18nextLng',
  chats: 'chats',
  footerHtml: 'footer_html',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  mjNotifyEnabled: 'mj_notify_enabled',
  /** Invite code from ?aff=, sent with the registration. */
  affCode: 'aff',
} as const;
export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];
