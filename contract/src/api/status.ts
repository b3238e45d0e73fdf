/** GET /api/status: the public site configuration the console caches locally. */
export interface SiteStatus {
  version: string;
  start_time: number;
  setup: boolean;
  system_name: string;
  logo: string;
  footer_html: string;
  server_address: string;
  docs_link: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  display_token_stat: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chats: Array<Record<string, string>>;
  chat_link: string;
  chat_link2: string;
  email_verification: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  github_oauth: boolean;
  github_client_id: string;
  /** GitHub's authorise page (configurable on the server, see README). */
  github_authorize_url: string;
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  /** LinuxDO's authorise page. */
  linuxdo_authorize_url: string;
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  top_up_link: string;
  price: number;
  min_topup: number;
  enable_online_topup: boolean;
  register_enabled: boolean;
  password_login_enabled: boolean;
  password_register_enabled: boolean;
}
