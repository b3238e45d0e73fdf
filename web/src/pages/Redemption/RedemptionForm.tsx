import { Button, Form, Space, Typography } from '@douyinfe/semi-ui-19';
import { REDEMPTION_BATCH_MAX } from '@gateway/contract';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import {
  REDEMPTION_QUOTA_PRESETS,
  redemptionName,
  validateRedemptionForm,
  type RedemptionFormMode,
  type RedemptionFormValues,
} from './redemption-form';

export type RedemptionFormApi = Parameters<
  NonNullable<ComponentProps<typeof Form<RedemptionFormValues>>['getFormApi']>
>[0];

interface Props {
  mode: RedemptionFormMode;
  initialValues: RedemptionFormValues;
  getFormApi(api: RedemptionFormApi): void;
  onSubmit(values: RedemptionFormValues): void;
}

/** The drawer's fields; the drawer's footer submits through the form API. */
export function RedemptionForm({ mode, initialValues, getFormApi, onSubmit }: Props) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const [values, setValues] = useState<RedemptionFormValues>(initialValues);
  const [api, setApi] = useState<RedemptionFormApi | null>(null);
  const quota = typeof values.quota === 'number' ? values.quota : null;

  return (
    <Form<RedemptionFormValues>
      initValues={initialValues}
      getFormApi={(formApi) => {
        setApi(formApi);
        getFormApi(formApi);
      }}
      onValueChange={(next) => setValues(next)}
      validateFields={(next) => {
        const errors = validateRedemptionForm(next, mode, t);
        return Object.keys(errors).length ? errors : '';
      }}
      onSubmit={onSubmit}
    >
      <Form.Input
        field="name"
        label={t('redemption.form.name')}
        placeholder={t('redemption.form.namePlaceholder')}
        extraText={
          mode === 'create' && !(values.name ?? '').trim() && quota !== null
            ? t('redemption.form.nameDefaultHint', { name: redemptionName(values, formatQuota) })
            : undefined
        }
        showClear
      />
      <Form.InputNumber
        field="quota"
        label={t('redemption.form.quota')}
        placeholder={t('redemption.form.quotaPlaceholder')}
        extraText={
          quota !== null ? t('redemption.form.quotaWorth', { value: formatQuota(quota) }) : undefined
        }
        style={{ width: '100%' }}
      />
      <div className="redemption-quota-presets">
        <Typography.Text type="tertiary" size="small">
          {t('redemption.form.quotaPresets')}
        </Typography.Text>
        <Space wrap spacing={6}>
          {REDEMPTION_QUOTA_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="small"
              type={quota === preset ? 'primary' : 'tertiary'}
              onClick={() => api?.setValue('quota', preset)}
            >
              {formatQuota(preset)}
            </Button>
          ))}
        </Space>
      </div>
      {mode === 'create' && (
        <Form.InputNumber
          field="count"
          label={t('redemption.form.count')}
          placeholder={t('redemption.form.countPlaceholder')}
          extraText={t('redemption.form.countHint', { max: REDEMPTION_BATCH_MAX })}
          style={{ width: '100%' }}
        />
      )}
    </Form>
  );
}
