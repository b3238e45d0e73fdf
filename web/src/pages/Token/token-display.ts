import { TOKEN_KEY_PREFIX, TOKEN_NEVER_EXPIRES, TokenStatus, type TokenView } from '@gateway/contract';

/** How a token reads in the list. */

export type TokenDisplayStatus =
  'enabled' | 'enabledLimited' | 'disabled' | 'expired' | 'exhausted' | 'unknown';

export const TOKEN_STATUS_COLORS: Record<TokenDisplayStatus, 'green' | 'red' | 'yellow' | 'grey'> = {
  enabled: 'green',
  enabledLimited: 'green',
  disabled: 'red',
  expired: 'yellow',
  exhausted: 'grey',
  unknown: 'grey',
};

/**
 * The stored status, except that an enabled token whose expiry passed or whose limited quota ran
 * out is shown as expired or exhausted: the relay only records that when the token is next used,
 * and the list should not claim a key works when it will be refused.
 */
export function tokenDisplayStatus(token: TokenView, nowSeconds = Date.now() / 1000): TokenDisplayStatus {
  switch (token.status) {
    case TokenStatus.Enabled:
      if (token.expired_time !== TOKEN_NEVER_EXPIRES && token.expired_time <= nowSeconds) return 'expired';
      if (!token.unlimited_quota && token.remain_quota <= 0) return 'exhausted';
      return token.model_limits_enabled ? 'enabledLimited' : 'enabled';
    case TokenStatus.Disabled:
      return 'disabled';
    case TokenStatus.Expired:
      return 'expired';
    case TokenStatus.Exhausted:
      return 'exhausted';
    default:
      return 'unknown';
  }
}

/** The key as clients send it. */
export const fullKey = (key: string) => `${TOKEN_KEY_PREFIX}${key}`;

/** sk-abcd**********wxyz: enough to tell keys apart, not enough to use one. */
export function maskKey(key: string): string {
  if (key.length <= 8) return `${TOKEN_KEY_PREFIX}${'*'.repeat(key.length)}`;
  return `${TOKEN_KEY_PREFIX}${key.slice(0, 4)}${'*'.repeat(10)}${key.slice(-4)}`;
}

/** Keys of the selected tokens, one `sk-` key per line, for the clipboard. */
export const keysForClipboard = (tokens: readonly TokenView[]) =>
  tokens.map((token) => fullKey(token.key)).join('\n');
