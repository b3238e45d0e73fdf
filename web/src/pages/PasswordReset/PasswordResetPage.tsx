import { Button, Form, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRequestPasswordResetMutation } from '../../api/password-reset-queries';
import { useSiteStatus } from '../../api/site-queries';
import { TurnstileWidget } from '../../components/TurnstileWidget';
import { useResendCountdown } from '../Register/useResendCountdown';
import '../Login/auth-card.css';

/** /reset (spec 2 §2.7): mails a reset link, then locks the button for 30 seconds. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const request = useRequestPasswordResetMutation();
  const countdown = useResendCountdown(30);
  const [turnstileToken, setTurnstileToken] = useState('');

  const submit = ({ email }: { email: string }) => {
    if (status.turnstile_check && !turnstileToken) {
      Toast.info(t('passwordReset.waitForCheck'));
      return;
    }
    request.mutate(
      { email: email.trim(), turnstile: turnstileToken },
      {
        onSuccess: () => {
          Toast.success(t('passwordReset.sent'));
          countdown.start();
        },
      },
    );
  };

  const locked = countdown.left > 0;
  return (
    <section className="page-card auth-card">
      <Typography.Title heading={3} style={{ textAlign: 'center' }}>
        {t('passwordReset.title')}
      </Typography.Title>
      <Form<{ email: string }> onSubmit={submit}>
        <Form.Input
          field="email"
          type="email"
          label={t('passwordReset.email')}
          placeholder={t('passwordReset.emailPlaceholder')}
          autoComplete="email"
          rules={[{ required: true, whitespace: true, message: t('passwordReset.emailRequired') }]}
        />
        {status.turnstile_check && status.turnstile_site_key && (
          <TurnstileWidget siteKey={status.turnstile_site_key} onToken={setTurnstileToken} />
        )}
        <Button
          htmlType="submit"
          theme="solid"
          type="primary"
          block
          disabled={locked}
          loading={request.isPending}
        >
          {locked
            ? t('passwordReset.retryIn', { seconds: String(countdown.left) })
            : t('passwordReset.submit')}
        </Button>
      </Form>
      <div className="auth-links">
        <Link to="/login">{t('passwordReset.backToLogin')}</Link>
      </div>
    </section>
  );
}
