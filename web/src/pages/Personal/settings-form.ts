import {
  QUOTA_WARNING_FORM_DEFAULT,
  type UpdateUserSettingRequest,
  type UserSettingView,
} from '@gateway/contract';

export interface SettingsFormValues {
  notifyType: 'email' | 'webhook';
  threshold: number;
  notificationEmail: string;
  webhookUrl: string;
  /** Empty keeps the stored secret. */
  webhookSecret: string;
  acceptUnset: boolean;
}

export function formValuesOf(view: UserSettingView | undefined): SettingsFormValues {
  return {
    notifyType: view?.notify_type ?? 'email',
    threshold: view?.quota_warning_threshold ?? QUOTA_WARNING_FORM_DEFAULT,
    notificationEmail: view?.notification_email ?? '',
    webhookUrl: view?.webhook_url ?? '',
    webhookSecret: '',
    acceptUnset: view?.accept_unset_model_ratio_model ?? false,
  };
}

/** The first problem the server would refuse, as a text key, or null. */
export function settingsProblem(v: SettingsFormValues): string | null {
  if (!Number.isInteger(v.threshold) || v.threshold <= 0) return 'personalSettings.notify.thresholdInvalid';
  if (v.notifyType === 'webhook') {
    const url = v.webhookUrl.trim();
    if (!url) return 'personalSettings.notify.webhookUrlRequired';
    if (!/^https:\/\/[^\s/]+/i.test(url)) return 'personalSettings.notify.webhookUrlHttps';
  }
  return null;
}

export function requestOf(v: SettingsFormValues): UpdateUserSettingRequest {
  return {
    notify_type: v.notifyType,
    quota_warning_threshold: v.threshold,
    notification_email: v.notifyType === 'email' ? v.notificationEmail.trim() : '',
    webhook_url: v.notifyType === 'webhook' ? v.webhookUrl.trim() : '',
    webhook_secret: v.notifyType === 'webhook' ? v.webhookSecret : '',
    accept_unset_model_ratio_model: v.acceptUnset,
  };
}

/** What a receiver gets, shown next to the webhook fields. */
export const WEBHOOK_EXAMPLE = `POST <webhook>
Content-Type: application/json
X-Webhook-Signature: hex(HMAC-SHA256(secret, body))

{
  "type": "quota_exceed",
  "title": "您的额度即将用尽",
  "content": "…",
  "values": ["…"],
  "timestamp": 1739950503
}`;
