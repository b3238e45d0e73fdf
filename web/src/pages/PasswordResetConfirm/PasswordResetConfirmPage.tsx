import { Banner, Button, Input, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirmPasswordResetMutation } from '../../api/password-reset-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import '../Login/auth-card.css';
import './reset-confirm.css';

/**
 * /user/reset?email=&token= (spec 2 §2.7): the link from the reset mail. The reset waits for a
 * click, because mail scanners open links on their own and the token works only once.
 */
export function PasswordResetConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const reset = useConfirmPasswordResetMutation();
  const password = reset.data;

  return (
    <section className="page-card auth-card">
      <Typography.Title heading={3} style={{ textAlign: 'center' }}>
        {password ? t('passwordReset.done') : t('passwordReset.confirmTitle')}
      </Typography.Title>
      {!email || !token ? (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          description={t('passwordReset.badLink')}
          style={{ margin: '12px 0' }}
        />
      ) : (
        <div className="reset-confirm">
          <label htmlFor="reset-email">{t('passwordReset.email')}</label>
          <Input id="reset-email" value={email} readonly />
          {password ? (
            <>
              <label htmlFor="reset-new-password">{t('passwordReset.newPassword')}</label>
              <div className="reset-password-row">
                <Input id="reset-new-password" value={password} readonly data-testid="new-password" />
                <Button onClick={() => void copyWithFeedback(password, t('passwordReset.copied'))}>
                  {t('passwordReset.copy')}
                </Button>
              </div>
              <Typography.Text type="tertiary">{t('passwordReset.newPasswordHint')}</Typography.Text>
            </>
          ) : (
            <>
              <Typography.Text type="tertiary">{t('passwordReset.confirmHint')}</Typography.Text>
              <Button
                theme="solid"
                type="primary"
                block
                loading={reset.isPending}
                onClick={() => reset.mutate({ email, token })}
              >
                {t('passwordReset.confirm')}
              </Button>
            </>
          )}
        </div>
      )}
      <div className="auth-links">
        {password ? (
          <Link to="/login">{t('passwordReset.goLogin')}</Link>
        ) : (
          <Link to="/reset">{t('passwordReset.requestAgain')}</Link>
        )}
      </div>
    </section>
  );
}
