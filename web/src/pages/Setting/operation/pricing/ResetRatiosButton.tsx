import { Button, Popconfirm, Toast } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshOptions } from '../../../../api/option-queries';
import { resetModelRatios } from './pricing-api';

/** "重置模型倍率" with a confirmation; the API client already toasts a refusal. */
export function ResetRatiosButton() {
  const { t } = useTranslation();
  const refresh = useRefreshOptions();
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    try {
      await resetModelRatios();
      Toast.success(t('settingPricing.reset.done'));
      try {
        await refresh();
      } catch {
        Toast.error(t('setting.refreshFailed'));
      }
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popconfirm
      title={t('settingPricing.reset.title')}
      content={t('settingPricing.reset.content')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={reset}
    >
      {/* Semi positions the popup from a DOM node; a Button alone does not hand one over. */}
      <span>
        <Button type="danger" loading={busy}>
          {t('settingPricing.reset.button')}
        </Button>
      </span>
    </Popconfirm>
  );
}
