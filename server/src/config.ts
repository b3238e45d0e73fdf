import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Thrown for bad configuration; main prints the message alone and exits. */
export class ConfigError extends Error {}

export type SqlDialectName = 'sqlite' | 'postgres' | 'mysql';

export interface DatabaseTarget {
  dialect: SqlDialectName;
  /** sqlite: file path; postgres/mysql: connection URL. */
  url: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  db: DatabaseTarget;
  logDb: DatabaseTarget | null;
  redisUrl: string | null;
  /** Prefix of every Redis key and channel; instances sharing state must share it. */
  redisPrefix: string;
  sessionSecret: string | null;
  cryptoSecret: string | null;
  debug: boolean;
  rateLimit: { enabled: boolean; max: number; windowSeconds: number };
  criticalRateLimit: { max: number; windowSeconds: number };
  relay: {
    connectTimeoutMs: number;
    /** Upper bound on waiting for the upstream's response headers. */
    responseTimeoutMs: number;
    /** A stream that sends nothing for this long is cut and settled. */
    streamIdleTimeoutMs: number;
    /** Ask OpenAI-compatible upstreams for usage in streams. */
    forceStreamUsage: boolean;
    azureDefaultApiVersion: string;
  };
  jobs: {
    channelTestMinutes: number;
    channelBalanceMinutes: number;
    /** Polling of unfinished Suno tasks; 0 turns it off. */
    taskPollMs: number;
    /** Poll unfinished asynchronous tasks (Midjourney) from their upstreams. */
    updateTask: boolean;
  };
  ledgerFlushMs: number;
  /** With Redis: an instance silent this long loses its holds; balances are set from SQL this often. */
  balances: { leaseSeconds: number; reconcileSeconds: number };
  /** Largest request body in bytes: /api (JSON forms) and the relay (images, audio uploads). */
  bodyLimits: { api: number; relay: number };
  webDist: string;
  trustProxy: boolean;
  /** Latest-release listing (GitHub's JSON shape) the root's "check for update" reads; '' = none. */
  updateCheckUrl: string;
  /** Cloudflare's siteverify endpoint, or a stand-in (TURNSTILE_VERIFY_URL). */
  turnstileVerifyUrl: string;
  /** Extra trusted CA certificates (PEM) for calls to user-given addresses such as webhooks. */
  outboundCa: string | null;
  /** Where GitHub's and LinuxDO's OAuth endpoints live (tests point them at local servers). */
  oauth: { github: OAuthEndpoints; linuxdo: OAuthEndpoints };
}

export interface OAuthEndpoints {
  /** Where the browser is sent to authorise (the console builds the link from /api/status). */
  authorize: string;
  /** Code → access token. */
  token: string;
  /** Access token → the account's profile. */
  user: string;
}

const bool = (name: string, def: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      if (/^(1|true|yes|on)$/i.test(v)) return true;
      if (/^(0|false|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false, got "${v}"` });
      return z.NEVER;
    });

const int = (name: string, def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const n = Number(v);
      if (!/^-?\d+$/.test(v.trim()) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an integer between ${min} and ${max}, got "${v}"`,
        });
        return z.NEVER;
      }
      return n;
    });

/** An http(s) URL with a default. */
const httpUrl = (name: string, def: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim() || def;
      if (!/^https?:\/\/\S+$/i.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an http:// or https:// URL, got "${v}"` });
        return z.NEVER;
      }
      return value;
    });

const MB = 1024 * 1024;
const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: MB, mb: MB };

/** A size in bytes, or with a unit: `512kb`, `32mb` (binary units). */
const size = (name: string, def: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const m = /^(\d+)\s*(b|kb?|mb?)?$/i.exec(v.trim());
      const bytes = m ? Number(m[1]) * SIZE_UNITS[(m[2] ?? '').toLowerCase()]! : 0;
      if (!m || bytes < 1024 || bytes > 1024 * MB) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a size between 1kb and 1024mb (bytes, or with kb/mb), got "${v}"`,
        });
        return z.NEVER;
      }
      return bytes;
    });

/**
 * Turns SQL_DSN into a dialect and URL. Accepts postgres:// URLs, mysql:// URLs and the
 * `user:pass@tcp(host:port)/db?params` form other gateways document for MySQL.
 */
export function parseDsn(dsn: string, sqlitePath: string, variable = 'SQL_DSN'): DatabaseTarget {
  const value = dsn.trim();
  if (value === '') return { dialect: 'sqlite', url: sqlitePath };
  if (/^postgres(ql)?:\/\//i.test(value)) {
    assertUrl(value, variable);
    return { dialect: 'postgres', url: value };
  }
  if (/^mysql:\/\//i.test(value)) {
    assertUrl(value, variable);
    return { dialect: 'mysql', url: value };
  }
  if (/^(sqlite|file|local):/i.test(value)) {
    return { dialect: 'sqlite', url: value.replace(/^(sqlite|file|local):(\/\/)?/i, '') || sqlitePath };
  }
  const m = /^([^:@/]*)(?::([^@]*))?@tcp\(([^)]+)\)\/([^?]*)(?:\?(.*))?$/.exec(value);
  if (m) {
    const [, user, pass, hostPort, database, params] = m;
    const auth = user ? `${encodeURIComponent(user)}${pass ? ':' + encodeURIComponent(pass) : ''}@` : '';
    const kept = (params ?? '')
      .split('&')
      .filter((p) => p && !/^(parseTime|loc|charset)=/i.test(p))
      .join('&');
    return { dialect: 'mysql', url: `mysql://${auth}${hostPort}/${database}${kept ? '?' + kept : ''}` };
  }
  throw new ConfigError(
    `${variable} is not understood: use postgres://..., mysql://... or user:pass@tcp(host:port)/db (leave it empty for SQLite)`,
  );
}

function assertUrl(value: string, variable: string) {
  try {
    new URL(value);
  } catch {
    throw new ConfigError(`${variable} is not a valid URL`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const schema = z.object({
    PORT: int('PORT', 3000, 0, 65535),
    HOST: z.string().optional(),
    DATA_DIR: z.string().optional(),
    SQLITE_PATH: z.string().optional(),
    SQL_DSN: z.string().optional(),
    LOG_SQL_DSN: z.string().optional(),
    REDIS_CONN_STRING: z.string().optional(),
    REDIS_KEY_PREFIX: z.string().optional(),
    SESSION_SECRET: z.string().optional(),
    CRYPTO_SECRET: z.string().optional(),
    DEBUG: bool('DEBUG', false),
    GLOBAL_API_RATE_LIMIT_ENABLE: bool('GLOBAL_API_RATE_LIMIT_ENABLE', true),
    GLOBAL_API_RATE_LIMIT: int('GLOBAL_API_RATE_LIMIT', 180, 1),
    GLOBAL_API_RATE_LIMIT_DURATION: int('GLOBAL_API_RATE_LIMIT_DURATION', 180, 1),
    CRITICAL_RATE_LIMIT: int('CRITICAL_RATE_LIMIT', 20, 1),
    CRITICAL_RATE_LIMIT_DURATION: int('CRITICAL_RATE_LIMIT_DURATION', 1200, 1),
    RELAY_CONNECT_TIMEOUT: int('RELAY_CONNECT_TIMEOUT', 10, 1),
    RELAY_TIMEOUT: int('RELAY_TIMEOUT', 300, 0),
    STREAMING_TIMEOUT: int('STREAMING_TIMEOUT', 60, 1),
    FORCE_STREAM_OPTION: bool('FORCE_STREAM_OPTION', true),
    AZURE_DEFAULT_API_VERSION: z.string().optional(),
    CHANNEL_TEST_FREQUENCY: int('CHANNEL_TEST_FREQUENCY', 0, 0),
    UPDATE_TASK: bool('UPDATE_TASK', true),
    CHANNEL_UPDATE_FREQUENCY: int('CHANNEL_UPDATE_FREQUENCY', 0, 0),
    LEDGER_FLUSH_MS: int('LEDGER_FLUSH_MS', 200, 10, 60000),
    TASK_POLL_MS: int('TASK_POLL_MS', 15000, 0),
    BALANCE_LEASE_SECONDS: int('BALANCE_LEASE_SECONDS', 30, 2, 3600),
    BALANCE_RECONCILE_SECONDS: int('BALANCE_RECONCILE_SECONDS', 15, 1, 3600),
    API_BODY_LIMIT: size('API_BODY_LIMIT', 1 * MB),
    RELAY_BODY_LIMIT: size('RELAY_BODY_LIMIT', 32 * MB),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: bool('TRUST_PROXY', false),
    UPDATE_CHECK_URL: z.string().optional(),
    TURNSTILE_VERIFY_URL: z.string().optional(),
    OUTBOUND_CA_FILE: z.string().optional(),
    GITHUB_OAUTH_AUTHORIZE_URL: httpUrl(
      'GITHUB_OAUTH_AUTHORIZE_URL',
      'https://github.com/login/oauth/authorize',
    ),
    GITHUB_OAUTH_TOKEN_URL: httpUrl('GITHUB_OAUTH_TOKEN_URL', 'https://github.com/login/oauth/access_token'),
    GITHUB_USER_API_URL: httpUrl('GITHUB_USER_API_URL', 'https://api.github.com/user'),
    LINUXDO_OAUTH_AUTHORIZE_URL: httpUrl(
      'LINUXDO_OAUTH_AUTHORIZE_URL',
      'https://connect.linux.do/oauth2/authorize',
    ),
    LINUXDO_OAUTH_TOKEN_URL: httpUrl('LINUXDO_OAUTH_TOKEN_URL', 'https://connect.linux.do/oauth2/token'),
    LINUXDO_USER_API_URL: httpUrl('LINUXDO_USER_API_URL', 'https://connect.linux.do/api/user'),
  });
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]?.message ?? 'invalid configuration');
  const e = parsed.data;

  const dataDir = path.resolve(e.DATA_DIR || './data');
  const sqlitePath = path.resolve(e.SQLITE_PATH || path.join(dataDir, 'gateway.db'));
  if (e.SESSION_SECRET === 'random_string') {
    throw new ConfigError('SESSION_SECRET is still the example value "random_string"; set a real secret');
  }
  // No default: the gateway calls nothing outside its network unless the operator says where.
  const updateCheckUrl = e.UPDATE_CHECK_URL?.trim() ?? '';
  if (updateCheckUrl && !/^https?:\/\/\S+$/i.test(updateCheckUrl)) {
    throw new ConfigError('UPDATE_CHECK_URL must be an http:// or https:// URL');
  }
  const turnstileVerifyUrl =
    e.TURNSTILE_VERIFY_URL?.trim() || 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
  if (!/^https?:\/\/\S+$/i.test(turnstileVerifyUrl)) {
    throw new ConfigError('TURNSTILE_VERIFY_URL must be an http:// or https:// URL');
  }
  const outboundCaFile = e.OUTBOUND_CA_FILE?.trim() || '';
  let outboundCa: string | null = null;
  if (outboundCaFile) {
    try {
      outboundCa = fs.readFileSync(outboundCaFile, 'utf8');
    } catch {
      throw new ConfigError(`OUTBOUND_CA_FILE cannot be read: ${outboundCaFile}`);
    }
  }
  const redis = e.REDIS_CONN_STRING?.trim() || null;
  if (redis && !/^rediss?:\/\//i.test(redis)) {
    throw new ConfigError('REDIS_CONN_STRING must be a redis:// or rediss:// URL');
  }
  return {
    port: e.PORT,
    host: e.HOST || '0.0.0.0',
    dataDir,
    db: parseDsn(e.SQL_DSN ?? '', sqlitePath),
    logDb: e.LOG_SQL_DSN?.trim() ? parseDsn(e.LOG_SQL_DSN, sqlitePath, 'LOG_SQL_DSN') : null,
    redisUrl: redis,
    redisPrefix: e.REDIS_KEY_PREFIX || 'gateway:',
    sessionSecret: e.SESSION_SECRET?.trim() || null,
    cryptoSecret: e.CRYPTO_SECRET?.trim() || null,
    debug: e.DEBUG,
    rateLimit: {
      enabled: e.GLOBAL_API_RATE_LIMIT_ENABLE,
      max: e.GLOBAL_API_RATE_LIMIT,
      windowSeconds: e.GLOBAL_API_RATE_LIMIT_DURATION,
    },
    criticalRateLimit: { max: e.CRITICAL_RATE_LIMIT, windowSeconds: e.CRITICAL_RATE_LIMIT_DURATION },
    relay: {
      connectTimeoutMs: e.RELAY_CONNECT_TIMEOUT * 1000,
      responseTimeoutMs: e.RELAY_TIMEOUT * 1000,
      streamIdleTimeoutMs: e.STREAMING_TIMEOUT * 1000,
      forceStreamUsage: e.FORCE_STREAM_OPTION,
      azureDefaultApiVersion: e.AZURE_DEFAULT_API_VERSION || '2024-12-01-preview',
    },
    jobs: {
      channelTestMinutes: e.CHANNEL_TEST_FREQUENCY,
      channelBalanceMinutes: e.CHANNEL_UPDATE_FREQUENCY,
      taskPollMs: e.TASK_POLL_MS,
      updateTask: e.UPDATE_TASK,
    },
    ledgerFlushMs: e.LEDGER_FLUSH_MS,
    balances: { leaseSeconds: e.BALANCE_LEASE_SECONDS, reconcileSeconds: e.BALANCE_RECONCILE_SECONDS },
    bodyLimits: { api: e.API_BODY_LIMIT, relay: e.RELAY_BODY_LIMIT },
    webDist: path.resolve(e.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY,
    updateCheckUrl,
    turnstileVerifyUrl,
    outboundCa,
    oauth: {
      github: {
        authorize: e.GITHUB_OAUTH_AUTHORIZE_URL,
        token: e.GITHUB_OAUTH_TOKEN_URL,
        user: e.GITHUB_USER_API_URL,
      },
      linuxdo: {
        authorize: e.LINUXDO_OAUTH_AUTHORIZE_URL,
        token: e.LINUXDO_OAUTH_TOKEN_URL,
        user: e.LINUXDO_USER_API_URL,
      },
    },
  };
}
