import {
  Button,
  Checkbox,
  Input,
  InputNumber,
  Radio,
  RadioGroup,
  Spin,
  TabPane,
  Tabs,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { QUOTA_WARNING_PRESETS } from '@gateway/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveUserSettingMutation, useUserSettingQuery } from '../../api/personal-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import {
  formValuesOf,
  requestOf,
  settingsProblem,
  WEBHOOK_EXAMPLE,
  type SettingsFormValues,
} from './settings-form';

/** The notification tab (quota warnings by mail or webhook) and the pricing tab; one save for both. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const { data: view, isPending } = useUserSettingQuery();
  const save = useSaveUserSettingMutation();
  const [values, setValues] = useState<SettingsFormValues>(() => formValuesOf(undefined));
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (view) setValues(formValuesOf(view));
  }, [view]);

  const set = (patch: Partial<SettingsFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setProblem(null);
  };

  const submit = () => {
    const found = settingsProblem(values);
    setProblem(found);
    if (found) return;
    save.mutate(requestOf(values), {
      onSuccess: () => {
        Toast.success(t('personalSettings.notify.saved'));
        setValues((v) => ({ ...v, webhookSecret: '' }));
      },
    });
  };

  if (isPending) return <Spin />;
  return (
    <section className="page-card setting-form" data-testid="notification-settings">
      <Typography.Title heading={5}>{t('personalSettings.notify.title')}</Typography.Title>
      <Tabs type="line">
        <TabPane tab={t('personalSettings.notify.tabNotify')} itemKey="notify">
          <Field label={t('personalSettings.notify.type')}>
            <RadioGroup
              value={values.notifyType}
              aria-label={t('personalSettings.notify.type')}
              onChange={(e) => set({ notifyType: e.target.value as SettingsFormValues['notifyType'] })}
            >
              <Radio value="email">{t('personalSettings.notify.typeEmail')}</Radio>
              <Radio value="webhook">{t('personalSettings.notify.typeWebhook')}</Radio>
            </RadioGroup>
          </Field>
          <Field
            label={t('personalSettings.notify.threshold')}
            hint={t('personalSettings.notify.thresholdHint')}
          >
            <InputNumber
              aria-label={t('personalSettings.notify.threshold')}
              placeholder={t('personalSettings.notify.thresholdPlaceholder')}
              value={values.threshold}
              min={1}
              precision={0}
              onChange={(v) => set({ threshold: typeof v === 'number' ? v : Number(v) || 0 })}
            />
            <div className="model-tags" style={{ marginTop: 8 }}>
              {QUOTA_WARNING_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  size="small"
                  type={values.threshold === preset ? 'primary' : 'tertiary'}
                  onClick={() => set({ threshold: preset })}
                >
                  {`${preset} (${formatQuota(preset)})`}
                </Button>
              ))}
            </div>
          </Field>
          {values.notifyType === 'email' ? (
            <Field label={t('personalSettings.notify.email')} hint={t('personalSettings.notify.emailHint')}>
              <Input
                aria-label={t('personalSettings.notify.email')}
                type="email"
                placeholder={t('personalSettings.notify.emailPlaceholder')}
                value={values.notificationEmail}
                onChange={(v) => set({ notificationEmail: v })}
              />
            </Field>
          ) : (
            <>
              <Field
                label={t('personalSettings.notify.webhookUrl')}
                hint={t('personalSettings.notify.webhookUrlHint')}
              >
                <Input
                  aria-label={t('personalSettings.notify.webhookUrl')}
                  placeholder={t('personalSettings.notify.webhookUrlPlaceholder')}
                  value={values.webhookUrl}
                  onChange={(v) => set({ webhookUrl: v })}
                />
              </Field>
              <Field
                label={t('personalSettings.notify.webhookSecret')}
                hint={t('personalSettings.notify.webhookSecretHint')}
              >
                <Input
                  mode="password"
                  aria-label={t('personalSettings.notify.webhookSecret')}
                  placeholder={
                    view?.webhook_secret_set
                      ? t('personalSettings.notify.webhookSecretKept')
                      : t('personalSettings.notify.webhookSecretPlaceholder')
                  }
                  value={values.webhookSecret}
                  onChange={(v) => set({ webhookSecret: v })}
                />
              </Field>
              <Field label={t('personalSettings.notify.webhookFormat')}>
                <pre className="webhook-format">{WEBHOOK_EXAMPLE}</pre>
              </Field>
            </>
          )}
        </TabPane>
        <TabPane tab={t('personalSettings.notify.tabPricing')} itemKey="pricing">
          <Field hint={t('personalSettings.notify.acceptUnsetHint')}>
            <Checkbox
              checked={values.acceptUnset}
              onChange={(e) => set({ acceptUnset: Boolean(e.target.checked) })}
            >
              {t('personalSettings.notify.acceptUnset')}
            </Checkbox>
          </Field>
        </TabPane>
      </Tabs>
      {problem && (
        <Typography.Paragraph type="danger" data-testid="setting-problem">
          {t(problem)}
        </Typography.Paragraph>
      )}
      <Button
        theme="solid"
        type="primary"
        loading={save.isPending}
        onClick={submit}
        style={{ marginTop: 12 }}
      >
        {t('personalSettings.notify.save')}
      </Button>
    </section>
  );
}

function Field({ label, hint, children }: { label?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div style={{ marginTop: 12 }}>
      {label && <Typography.Text strong>{label}</Typography.Text>}
      <div style={{ marginTop: 4 }}>{children}</div>
      {hint && (
        <Typography.Text type="tertiary" size="small">
          {hint}
        </Typography.Text>
      )}
    </div>
  );
}
