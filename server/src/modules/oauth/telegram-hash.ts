import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How old a Telegram sign-in may be: the widget's data is a bearer credential once issued. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;

export type TelegramCheck = 'ok' | 'invalid' | 'expired';

/**
 * Telegram's login-widget check: every received field except `hash`, as `key=value` lines sorted
 * by key and joined with "\n", signed with HMAC-SHA256 under the SHA-256 of the bot token.
 */
export function checkTelegramLogin(
  fields: Record<string, string>,
  botToken: string,
  nowSeconds: number,
): TelegramCheck {
  const { hash, ...data } = fields;
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash) || !botToken) return 'invalid';
  const dataCheckString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return 'invalid';
  const authDate = Number(data.auth_date);
  if (!Number.isSafeInteger(authDate) || nowSeconds - authDate > TELEGRAM_MAX_AGE_SECONDS) return 'expired';
  return 'ok';
}
