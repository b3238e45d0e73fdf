import type { UserSetting, UserSettingView } from '@gateway/contract';
import type { updateUserSettingRequest } from '@gateway/contract';
import type { z } from 'zod';
import { parseSetting } from './user-cache.js';

/** The settings as their owner may read them: everything but the webhook secret. */
export function settingView(raw: string | null): UserSettingView {
  const s = parseSetting(raw);
  return {
    notify_type: s.notify_type,
    quota_warning_threshold: s.quota_warning_threshold ?? null,
    webhook_url: s.webhook_url ?? '',
    webhook_secret_set: Boolean(s.webhook_secret),
    notification_email: s.notification_email ?? '',
    accept_unset_model_ratio_model: s.accept_unset_model_ratio_model,
  };
}

/** `users.setting` as user views carry it: the stored JSON without the write-only secret. */
export function publicSettingJson(raw: string | null): string {
  if (!raw) return '';
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && 'webhook_secret' in parsed) {
      delete parsed.webhook_secret;
      return JSON.stringify(parsed);
    }
  } catch {
    return '';
  }
  return raw;
}

/**
 * The new stored setting: replaced as a whole (the webhook address and secret belong to the
 * webhook type, the notification address to the email type), except that an empty secret keeps
 * the stored one, since the console never receives it to send back.
 */
export function nextSetting(
  previous: UserSetting,
  input: z.output<typeof updateUserSettingRequest>,
): UserSetting {
  const next: UserSetting = {
    notify_type: input.notify_type,
    quota_warning_threshold: input.quota_warning_threshold,
    accept_unset_model_ratio_model: input.accept_unset_model_ratio_model,
  };
  if (input.notify_type === 'webhook') {
    next.webhook_url = input.webhook_url;
    const secret = input.webhook_secret || previous.webhook_secret;
    if (secret) next.webhook_secret = secret;
  } else if (input.notification_email) {
    next.notification_email = input.notification_email;
  }
  return next;
}
