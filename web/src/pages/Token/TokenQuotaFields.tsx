import { Button, Form, Space, Typography, useFormApi, useFormState } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../api/site-queries';
import { currencyQuota } from '../../quota/format-quota';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { BATCH_COUNT_PRESETS, QUOTA_PRESETS, type TokenFormValues } from './token-form';

/** Remaining quota with the dollar presets and the unlimited switch. */
export function TokenQuotaFields() {
  const { t } = useTranslation();
  const formApi = useFormApi<TokenFormValues>();
  const values: Partial<TokenFormValues> = useFormState<TokenFormValues>().values ?? {};
  const { quota_per_unit } = useSiteStatus();
  const formatQuota = useQuotaFormatter();
  const unlimited = Boolean(values.unlimited_quota);
  const quota = Number(values.remain_quota);

  return (
    <>
      <Form.Switch field="unlimited_quota" label={t('token.drawer.unlimitedQuota')} />
      <Form.InputNumber
        field="remain_quota"
        label={t('token.drawer.remainQuota')}
        min={0}
        step={500_000}
        precision={0}
        disabled={unlimited}
        extraText={
          !unlimited && Number.isFinite(quota)
            ? t('token.drawer.remainQuotaHint', { amount: formatQuota(quota) })
            : undefined
        }
      />
      <Space wrap className="token-presets" data-testid="quota-presets">
        {QUOTA_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="small"
            disabled={unlimited}
            onClick={() => formApi.setValue('remain_quota', preset)}
          >
            {currencyQuota(preset, quota_per_unit, 0)}
          </Button>
        ))}
      </Space>
      <Typography.Text type="tertiary" size="small" className="token-notice">
        {t('token.drawer.quotaNotice')}
      </Typography.Text>
    </>
  );
}

/** Creation only: how many tokens, with the batch presets. */
export function TokenCountField() {
  const { t } = useTranslation();
  const formApi = useFormApi<TokenFormValues>();
  return (
    <>
      <Form.InputNumber
        field="count"
        label={t('token.drawer.count')}
        min={1}
        precision={0}
        extraText={t('token.drawer.countHint')}
      />
      <Space wrap className="token-presets" data-testid="count-presets">
        {BATCH_COUNT_PRESETS.map((preset) => (
          <Button key={preset} size="small" onClick={() => formApi.setValue('count', preset)}>
            {String(preset)}
          </Button>
        ))}
      </Space>
    </>
  );
}
