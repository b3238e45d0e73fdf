import { createHmac } from 'node:crypto';
import type { UserSetting } from '@gateway/contract';
import type { AppContext } from '../../context.js';
import { guardedPost } from '../../platform/http/outbound-guard.js';
import { sendMail } from '../../platform/mail/mailer.js';

/** Header carrying hex(HMAC-SHA256(webhook_secret, exact body bytes)), as the reference names it. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';
const WEBHOOK_TIMEOUT_MS = 5_000;

export interface Notice {
  type: string;
  title: string;
  /** HTML for mail; `{{value}}` placeholders already filled in. */
  content: string;
  /** The values of the placeholders, in order (receivers may build their own text). */
  values: string[];
}

export const signWebhookBody = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('hex');

/**
 * Whether a notice could reach the user at all: a webhook address, or a mail address with SMTP
 * configured. Checked before a warning is claimed, so unreachable users cost no SQL write.
 */
export function reachable(ctx: AppContext, recipient: { email: string; setting: UserSetting }): boolean {
  const { setting } = recipient;
  if (setting.notify_type === 'webhook') return Boolean(setting.webhook_url);
  if (!(setting.notification_email || recipient.email)) return false;
  return Boolean(ctx.options.str('SMTPServer').trim() && ctx.options.str('SMTPAccount').trim());
}

/** Sends one notice the way the user chose; rejects with the reason when it could not be sent. */
export async function deliverNotice(
  ctx: AppContext,
  recipient: { email: string; setting: UserSetting },
  notice: Notice,
): Promise<void> {
  const { setting } = recipient;
  if (setting.notify_type === 'webhook') {
    if (!setting.webhook_url) throw new Error('no webhook address');
    const body = JSON.stringify({ ...notice, timestamp: Math.floor(Date.now() / 1000) });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (setting.webhook_secret)
      headers[WEBHOOK_SIGNATURE_HEADER] = signWebhookBody(setting.webhook_secret, body);
    const status = await guardedPost(setting.webhook_url, {
      body,
      headers,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      allowPrivate: ctx.options.bool('AllowPrivateWebhookAddresses'),
      ca: ctx.config.outboundCa,
    });
    if (status < 200 || status >= 300) throw new Error(`webhook answered ${status}`);
    return;
  }
  const to = setting.notification_email || recipient.email;
  if (!to) return;
  await sendMail(ctx.options, to, notice.title, notice.content);
}
