import { Button, DatePicker, Form, Modal, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ApiRequestError } from '../../../api/http-client';
import { translateServerMessage } from '../../../i18n/server-messages';
import { formatDateTime } from '../../Token/date-time';

/** Removes every log older than a chosen time (DELETE /api/log/), after a confirmation. */
export function LogCleanup() {
  const { t } = useTranslation();
  const tt = (key: string, values?: Record<string, string | number>) =>
    t(`settingOperation.logs.${key}`, values);
  const [time, setTime] = useState<Date | undefined>();
  const [busy, setBusy] = useState(false);

  const clean = async (target: Date) => {
    setBusy(true);
    try {
      const count = await api.delete<number>('/api/log/', {
        query: { target_timestamp: Math.floor(target.getTime() / 1000) },
        // The failure toast carries the spec's prefix, so the client's own stays quiet.
        quiet: true,
      });
      Toast.success(tt('cleaned', { count: count ?? 0 }));
    } catch (err) {
      const detail =
        err instanceof ApiRequestError && err.serverMessage
          ? translateServerMessage(err.serverMessage)
          : err instanceof Error
            ? err.message
            : String(err);
      Toast.error(tt('cleanupFailed', { message: detail }));
    } finally {
      setBusy(false);
    }
  };

  const ask = () => {
    if (!time) {
      Toast.error(tt('chooseTime'));
      return;
    }
    Modal.confirm({
      title: tt('confirmTitle'),
      content: tt('confirmContent', { time: formatDateTime(time) }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { type: 'danger' },
      onOk: () => clean(time),
    });
  };

  return (
    <div className="log-cleanup">
      <Form.Label text={tt('cleanupTime')} />
      <Space wrap>
        <DatePicker
          type="dateTime"
          aria-label={tt('cleanupTime')}
          placeholder={tt('chooseTime')}
          value={time}
          onChange={(date) => setTime(date instanceof Date ? date : undefined)}
          style={{ maxWidth: '100%' }}
        />
        <Button type="danger" loading={busy} onClick={ask}>
          {tt('cleanup')}
        </Button>
      </Space>
      <Typography.Paragraph type="tertiary" size="small" className="log-cleanup-hint">
        {tt('cleanupExtra')}
      </Typography.Paragraph>
    </div>
  );
}
