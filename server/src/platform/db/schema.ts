import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table shapes. Flags are stored as 0/1 integers and times as unix seconds, so the three
 * dialects return identical JS values.
 */
type Id = Generated<number>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Id;
  username: string;
  password: string;
  display_name: WithDefault<string>;
  role: WithDefault<number>;
  status: WithDefault<number>;
  email: WithDefault<string>;
  github_id: WithDefault<string>;
  oidc_id: WithDefault<string>;
  wechat_id: WithDefault<string>;
  telegram_id: WithDefault<string>;
  linux_do_id: WithDefault<string>;
  /** sha256 of the system access token; the token itself is never stored. */
  access_token: WithDefault<string | null>;
  quota: WithDefault<number>;
  used_quota: WithDefault<number>;
  request_count: WithDefault<number>;
  group: WithDefault<string>;
  aff_code: WithDefault<string | null>;
  aff_count: WithDefault<number>;
  aff_quota: WithDefault<number>;
  aff_history_quota: WithDefault<number>;
  inviter_id: WithDefault<number>;
  setting: WithDefault<string | null>;
  created_at: WithDefault<number>;
  deleted_at: WithDefault<number | null>;
  /** Session generation: a session issued under an older value is no longer valid. */
  session_version: WithDefault<number>;
  /** Last quota warning sent (unix seconds); at most one per throttle window. */
  quota_warned_at: WithDefault<number>;
}

export interface OptionsTable {
  key: string;
  value: string;
}

export interface SetupsTable {
  id: Id;
  version: string;
  initialized_at: number;
}

export interface ChannelsTable {
  id: Id;
  type: number;
  key: string;
  openai_organization: WithDefault<string | null>;
  test_model: WithDefault<string | null>;
  status: WithDefault<number>;
  name: string;
  weight: WithDefault<number>;
  created_time: number;
  test_time: WithDefault<number>;
  response_time: WithDefault<number>;
  base_url: WithDefault<string>;
  other: WithDefault<string>;
  balance: WithDefault<number>;
  balance_updated_time: WithDefault<number>;
  models: string;
  group: WithDefault<string>;
  used_quota: WithDefault<number>;
  model_mapping: WithDefault<string | null>;
  status_code_mapping: WithDefault<string | null>;
  priority: WithDefault<number>;
  auto_ban: WithDefault<number>;
  other_info: WithDefault<string | null>;
  tag: WithDefault<string | null>;
  setting: WithDefault<string | null>;
  param_override: WithDefault<string | null>;
  headers: WithDefault<string | null>;
  max_input_tokens: WithDefault<number>;
}

export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: number;
  priority: number;
  weight: number;
  tag: string | null;
}

export interface TokensTable {
  id: Id;
  user_id: number;
  key: string;
  status: WithDefault<number>;
  name: string;
  created_time: number;
  accessed_time: WithDefault<number>;
  expired_time: WithDefault<number>;
  remain_quota: WithDefault<number>;
  unlimited_quota: WithDefault<number>;
  model_limits_enabled: WithDefault<number>;
  model_limits: WithDefault<string>;
  allow_ips: WithDefault<string>;
  used_quota: WithDefault<number>;
  group: WithDefault<string>;
  deleted_at: WithDefault<number | null>;
}

export interface LogsTable {
  id: Id;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  token_id: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: number;
  channel_id: number;
  group: string;
  other: string;
  request_id: string;
  /** The request id of the charge a consume row records (unique); NULL on other rows. */
  charge_key: WithDefault<string | null>;
}

/** Log rows committed with their charges, waiting to be copied to a separate log database. */
export interface LedgerOutboxTable {
  id: Id;
  created_at: number;
  /** JSON array of log rows. */
  payload: string;
}

/** Keys of applied charges without a main-database log row to carry them (idempotent replay). */
export interface LedgerChargesTable {
  charge_key: string;
  created_at: number;
}

/** One user's use of one model in one hour (created_at is the hour's first second). */
export interface QuotaDataTable {
  id: Id;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

/** An asynchronous upstream task (Suno); times in unix seconds, JSON kept as text. */
export interface TasksTable {
  id: Id;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  /** The API key that paid (0: none), so a refund reaches the same key. */
  token_id: number;
  channel_id: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string | null;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  properties: string | null;
  data: string | null;
}

/** Who holds a third-party identity (see migration 0012); user_id 0 while being created. */
export interface IdentityClaimsTable {
  kind: string;
  external_id: string;
  user_id: WithDefault<number>;
  created_at: number;
}

/** A Midjourney-proxy drawing task (times in milliseconds). */
export interface MidjourneysTable {
  id: Id;
  code: WithDefault<number>;
  user_id: number;
  action: WithDefault<string>;
  mj_id: WithDefault<string>;
  prompt: string | null;
  prompt_en: string | null;
  description: string | null;
  state: string | null;
  submit_time: WithDefault<number>;
  start_time: WithDefault<number>;
  finish_time: WithDefault<number>;
  image_url: string | null;
  status: WithDefault<string>;
  progress: WithDefault<string>;
  fail_reason: string | null;
  channel_id: WithDefault<number>;
  quota: WithDefault<number>;
  /** The paying API key (0: none recorded). */
  token_id: WithDefault<number>;
  buttons: string | null;
  properties: string | null;
}

export interface RedemptionsTable {
  id: Id;
  user_id: number;
  key: string;
  status: WithDefault<number>;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: WithDefault<number>;
  used_user_id: WithDefault<number>;
  deleted_at: WithDefault<number | null>;
}

export interface TopUpsTable {
  id: Id;
  user_id: number;
  amount: number;
  /** Quota the order credits once paid, fixed when it is placed. */
  quota: WithDefault<number>;
  money: number;
  trade_no: string;
  payment_method: string;
  create_time: number;
  complete_time: WithDefault<number>;
  status: string;
}

export interface Database {
  users: UsersTable;
  options: OptionsTable;
  setups: SetupsTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  tokens: TokensTable;
  logs: LogsTable;
  quota_data: QuotaDataTable;
  redemptions: RedemptionsTable;
  midjourneys: MidjourneysTable;
  identity_claims: IdentityClaimsTable;
  top_ups: TopUpsTable;
  tasks: TasksTable;
  ledger_outbox: LedgerOutboxTable;
  ledger_charges: LedgerChargesTable;
}

/** The log database may be a separate one (LOG_SQL_DSN); it holds only `logs`. */
export interface LogDatabase {
  logs: LogsTable;
  quota_data: QuotaDataTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type NewChannel = Insertable<ChannelsTable>;
export type AbilityRow = Selectable<AbilitiesTable>;
export type TokenRow = Selectable<TokensTable>;
export type NewToken = Insertable<TokensTable>;
export type LogRow = Selectable<LogsTable>;
export type NewLog = Insertable<LogsTable>;
export type RedemptionRow = Selectable<RedemptionsTable>;
export type TopUpRow = Selectable<TopUpsTable>;
export type TaskRow = Selectable<TasksTable>;
export type MidjourneyRow = Selectable<MidjourneysTable>;
