import { createHash, createHmac } from 'node:crypto';

/**
 * What Telegram's login widget hands the page after a user approves: their fields plus `hash`,
 * computed as Telegram documents it (written here independently of the server's check).
 */
export function telegramWidgetData(
  fields: { id: number; first_name?: string; username?: string; auth_date: number },
  botToken: string,
): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data[key] = String(value);
  const checkString = Object.entries(data)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secretKey = createHash('sha256').update(botToken).digest();
  return { ...data, hash: createHmac('sha256', secretKey).update(checkString).digest('hex') };
}
