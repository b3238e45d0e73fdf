import { IconHelpCircle } from '@douyinfe/semi-icons';
import { Banner, Button, Form, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiRequestError } from '../../api/http-client';
import { useSetupMutation, useSetupStatusQuery } from '../../api/setup-queries';
import { LanguageMenu } from '../../app/layout/LanguageMenu';
import { ThemeSwitch } from '../../app/layout/ThemeSwitch';
import { translateServerMessage } from '../../i18n/server-messages';
import { reloadPage } from './reload-page';
import { toSetupRequest, validateSetupForm, type SetupFormValues } from './setup-form';
import { UsageModeHelp } from './UsageModeHelp';
import './setup.css';

export const RELOAD_DELAY_MS = 1500;

/** /setup: the first-run wizard (document 3, sections 2.6, 4, 5 and 8). */
export function SetupPage() {
  const { t } = useTranslation();
  const setupStatus = useSetupStatusQuery();
  const setup = useSetupMutation();
  const [helpOpen, setHelpOpen] = useState(false);
  const statusFailed = setupStatus.isError;

  useEffect(() => {
    if (statusFailed) Toast.error(t('setup.statusFailed'));
  }, [statusFailed, t]);

  if (setupStatus.isPending) return <Spin size="large" />;
  if (setupStatus.data?.status) return <Navigate to="/" replace />;
  const rootExists = setupStatus.data?.root_init ?? false;

  const submit = (values: SetupFormValues) =>
    setup.mutate(toSetupRequest(values), {
      onSuccess: (envelope) => {
        Toast.success(envelope.message ? translateServerMessage(envelope.message) : t('setup.success'));
        window.setTimeout(reloadPage, RELOAD_DELAY_MS);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 0) Toast.error(t('setup.networkFailed'));
        else if (error instanceof ApiRequestError && error.serverMessage) {
          Toast.error(translateServerMessage(error.serverMessage));
        } else Toast.error(t('setup.submitFailed'));
      },
    });

  return (
    <div className="setup-page">
      <div className="setup-toolbar">
        <ThemeSwitch />
        <LanguageMenu />
      </div>
      <section className="page-card setup-card">
        <Typography.Title heading={3}>{t('setup.title')}</Typography.Title>
        <Typography.Paragraph type="tertiary">{t('setup.subtitle')}</Typography.Paragraph>
        {setupStatus.data?.database_type === 'sqlite' && (
          <Banner
            type="warning"
            fullMode={false}
            closeIcon={null}
            title={t('setup.dbWarningTitle')}
            description={t('setup.dbWarning')}
            style={{ margin: '16px 0' }}
          />
        )}
        <Form<SetupFormValues>
          onSubmit={submit}
          validateFields={(values) => {
            const errors = validateSetupForm(values, rootExists);
            return Object.keys(errors).length ? errors : '';
          }}
          initValues={{ usageMode: 'external' } as SetupFormValues}
        >
          <Typography.Title heading={5}>{t('setup.adminSection')}</Typography.Title>
          {rootExists ? (
            <Banner type="info" fullMode={false} closeIcon={null} description={t('setup.rootInitialized')} />
          ) : (
            <>
              <Form.Input
                field="username"
                label={t('setup.username')}
                placeholder={t('setup.usernamePlaceholder')}
              />
              <Form.Input
                field="password"
                mode="password"
                label={t('setup.password')}
                placeholder={t('setup.passwordPlaceholder')}
              />
              <Form.Input
                field="confirmPassword"
                mode="password"
                label={t('setup.confirmPassword')}
                placeholder={t('setup.confirmPasswordPlaceholder')}
              />
            </>
          )}
          <Form.RadioGroup
            field="usageMode"
            label={{
              text: (
                <span className="setup-mode-label">
                  {t('setup.usageMode')}
                  <Button
                    size="small"
                    theme="borderless"
                    type="tertiary"
                    icon={<IconHelpCircle />}
                    aria-label={t('setup.usageModeHelp')}
                    onClick={() => setHelpOpen(true)}
                  />
                </span>
              ),
            }}
            direction="vertical"
          >
            <Form.Radio value="external">{t('setup.modeExternal')}</Form.Radio>
            <Form.Radio value="self">{t('setup.modeSelf')}</Form.Radio>
            <Form.Radio value="demo">{t('setup.modeDemo')}</Form.Radio>
          </Form.RadioGroup>
          <Button
            htmlType="submit"
            theme="solid"
            type="primary"
            block
            loading={setup.isPending}
            disabled={setup.isSuccess}
          >
            {t('setup.submit')}
          </Button>
        </Form>
      </section>
      <UsageModeHelp visible={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
