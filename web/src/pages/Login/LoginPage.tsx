import { Banner, Button, Form, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import { loginRequest } from '@gateway/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLoginMutation, type LoginInput } from '../../api/auth-queries';
import { useSiteStatus } from '../../api/site-queries';
import { zodFieldErrors } from '../../forms/zod-field-errors';
import { storeUser } from '../../session/stored-user';
import { StorageKey } from '../../storage/keys';
import { writeLocal } from '../../storage/local-store';
import { ThirdPartyButtons } from './ThirdPartyButtons';
import { useHumanCheck } from './useHumanCheck';
import './auth-card.css';

/** The account every install starts with in other gateways; signing in with it must be changed. */
export const isDefaultRootLogin = ({ username, password }: LoginInput) =>
  username === 'root' && password === '123456';

/** /login (document 1, sections 2, 4 and 5). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSiteStatus();
  const login = useLoginMutation();
  const humanCheck = useHumanCheck();
  const expired = params.get('expired') === 'true';
  const aff = params.get('aff');

  useEffect(() => {
    if (aff) writeLocal(StorageKey.affCode, aff);
  }, [aff]);

  const submit = (values: LoginInput) => {
    const input = { username: values.username.trim(), password: values.password };
    const turnstile = humanCheck.take();
    if (turnstile === null) return;
    login.mutate(
      { ...input, turnstile },
      {
        onSuccess: (user) => {
          storeUser(user);
          Toast.success(t('login.success'));
          if (isDefaultRootLogin(input)) {
            Modal.error({
              title: t('login.defaultPasswordTitle'),
              content: t('login.defaultPasswordContent'),
              centered: true,
              hasCancel: false,
              okText: t('common.ok'),
            });
          }
          void navigate('/token');
        },
      },
    );
  };

  return (
    <section className="page-card auth-card">
      <Typography.Title heading={3} style={{ textAlign: 'center' }}>
        {t('login.title')}
      </Typography.Title>
      {expired && (
        <Banner
          type="warning"
          fullMode={false}
          closeIcon={null}
          description={t('login.expired')}
          style={{ margin: '12px 0' }}
        />
      )}
      <Form<LoginInput>
        onSubmit={submit}
        validateFields={(values) => {
          const errors = zodFieldErrors(loginRequest, {
            username: values.username ?? '',
            password: values.password ?? '',
          });
          return Object.keys(errors).length ? errors : '';
        }}
      >
        <Form.Input
          field="username"
          label={t('login.usernameOrEmail')}
          placeholder={t('login.usernameOrEmailPlaceholder')}
          autoComplete="username"
        />
        <Form.Input
          field="password"
          mode="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
        />
        {humanCheck.widget}
        <Button htmlType="submit" theme="solid" type="primary" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <ThirdPartyButtons status={status} />
      <div className="auth-links">
        <span>
          {t('login.noAccount')} <Link to="/register">{t('login.goRegister')}</Link>
        </span>
        <span>
          {t('login.forgot')} <Link to="/reset">{t('login.goReset')}</Link>
        </span>
      </div>
    </section>
  );
}
