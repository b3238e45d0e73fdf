import { Button, Form, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRegisterMutation, useSendVerificationCodeMutation } from '../../api/auth-queries';
import { useSiteStatus } from '../../api/site-queries';
import { StorageKey } from '../../storage/keys';
import { readLocal, writeLocal } from '../../storage/local-store';
import { ThirdPartyButtons } from '../Login/ThirdPartyButtons';
import { useHumanCheck } from '../Login/useHumanCheck';
import { validateRegisterForm, type RegisterFormValues } from './register-form';
import { useResendCountdown } from './useResendCountdown';
import '../Login/auth-card.css';

/** /register (document 1, sections 2 and 5); ?aff= is kept and sent as the invite code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSiteStatus();
  const register = useRegisterMutation();
  const sendCode = useSendVerificationCodeMutation();
  const countdown = useResendCountdown();
  const humanCheck = useHumanCheck();
  const emailRef = useRef('');
  const aff = params.get('aff');

  useEffect(() => {
    if (aff) writeLocal(StorageKey.affCode, aff);
  }, [aff]);

  const submit = (values: RegisterFormValues) => {
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    register.mutate(
      {
        turnstile,
        username: values.username.trim(),
        password: values.password,
        password2: values.password2,
        email: values.email?.trim() ?? '',
        verification_code: values.verification_code?.trim() ?? '',
        aff_code: aff ?? readLocal(StorageKey.affCode) ?? '',
      },
      {
        onSuccess: () => {
          Toast.success(t('register.success'));
          void navigate('/login');
        },
      },
    );
  };

  const requestCode = () => {
    const email = emailRef.current.trim();
    if (!email) {
      Toast.warning(t('register.emailRequired'));
      return;
    }
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    sendCode.mutate(
      { email, turnstile },
      {
        onSuccess: () => {
          Toast.success(t('register.codeSent'));
          countdown.start();
        },
      },
    );
  };

  return (
    <section className="page-card auth-card">
      <Typography.Title heading={3} style={{ textAlign: 'center' }}>
        {t('register.title')}
      </Typography.Title>
      <Form<RegisterFormValues>
        onSubmit={submit}
        onValueChange={(values) => {
          emailRef.current = values.email ?? '';
        }}
        validateFields={(values) => {
          const errors = validateRegisterForm(values);
          return Object.keys(errors).length ? errors : '';
        }}
      >
        <Form.Input
          field="username"
          label={t('register.username')}
          placeholder={t('register.usernamePlaceholder')}
        />
        <Form.Input
          field="password"
          mode="password"
          label={t('register.password')}
          placeholder={t('register.passwordPlaceholder')}
          autoComplete="new-password"
        />
        <Form.Input
          field="password2"
          mode="password"
          label={t('register.confirmPassword')}
          placeholder={t('register.confirmPasswordPlaceholder')}
          autoComplete="new-password"
        />
        {status.email_verification && (
          <>
            <Form.Input
              field="email"
              type="email"
              label={t('register.email')}
              placeholder={t('register.emailPlaceholder')}
              suffix={
                <Button
                  theme="borderless"
                  disabled={countdown.left > 0}
                  loading={sendCode.isPending}
                  onClick={requestCode}
                >
                  {countdown.left > 0
                    ? t('register.resendIn', { seconds: String(countdown.left) })
                    : t('register.getCode')}
                </Button>
              }
            />
            <Form.Input
              field="verification_code"
              label={t('register.code')}
              placeholder={t('register.codePlaceholder')}
            />
          </>
        )}
        {humanCheck.widget}
        <Button htmlType="submit" theme="solid" type="primary" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <ThirdPartyButtons status={status} />
      <div className="auth-links">
        <span>
          {t('register.haveAccount')} <Link to="/login">{t('register.goLogin')}</Link>
        </span>
      </div>
    </section>
  );
}
