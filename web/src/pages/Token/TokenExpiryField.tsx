import { Button, DatePicker, Form, Space, useFormApi, useFormState } from '@douyinfe/semi-ui-19';
import { IconCalendar } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './date-time';
import { EXPIRY_SHORTCUTS, expiryFromShortcut, parseExpiry, type ExpiryShortcut } from './token-form';

const SHORTCUT_TEXT: Record<ExpiryShortcut, string> = {
  never: 'token.drawer.expiryNever',
  hour: 'token.drawer.expiryHour',
  day: 'token.drawer.expiryDay',
  month: 'token.drawer.expiryMonth',
};

/**
 * Expiry as text the user may type (yyyy-MM-dd HH:mm:ss, empty for never), a date-time picker that
 * fills it, and the spec's shortcuts. Text rather than the picker's own input, so a mistyped date
 * reaches the submit check and its "过期时间格式错误！" instead of being silently dropped.
 */
export function TokenExpiryField() {
  const { t } = useTranslation();
  const formApi = useFormApi<{ expired_time: string }>();
  const setExpiry = (text: string) => {
    formApi.setValue('expired_time', text);
    formApi.setError('expired_time', undefined);
  };
  const values: { expired_time?: string } = useFormState<{ expired_time: string }>().values ?? {};
  const current = parseExpiry(String(values.expired_time ?? ''));
  const pickerValue = current !== null && current > 0 ? new Date(current * 1000) : undefined;

  return (
    <>
      <Form.Input
        field="expired_time"
        label={t('token.drawer.expiredTime')}
        placeholder={t('token.drawer.expiredTimePlaceholder')}
        showClear
        suffix={
          <DatePicker
            type="dateTime"
            value={pickerValue}
            disabledDate={(date) => !!date && date.getTime() < new Date().setHours(0, 0, 0, 0)}
            onChange={(date) => {
              if (date instanceof Date) setExpiry(formatDateTime(date));
            }}
            triggerRender={() => (
              <Button
                theme="borderless"
                size="small"
                icon={<IconCalendar />}
                aria-label={t('token.drawer.pickExpiry')}
              />
            )}
          />
        }
      />
      <Space wrap className="token-presets">
        {EXPIRY_SHORTCUTS.map((shortcut) => (
          <Button key={shortcut} size="small" onClick={() => setExpiry(expiryFromShortcut(shortcut))}>
            {t(SHORTCUT_TEXT[shortcut])}
          </Button>
        ))}
      </Space>
    </>
  );
}
