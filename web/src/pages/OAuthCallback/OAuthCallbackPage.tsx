import { Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { completeOAuth, type OAuthProvider } from '../../api/oauth-queries';
import { storeUser } from '../../session/stored-user';

const PROVIDERS: OAuthProvider[] = ['github', 'oidc', 'linuxdo'];
/** How long the failure text stays before the login page. */
export const FAILURE_REDIRECT_MS = 1500;

/**
 * /oauth/github, /oauth/oidc, /oauth/linuxdo (document 3, sections 2.5 and 4): hands what the
 * provider sent back to the server once. "bind" → the personal page; a signed-in user → /token;
 * a failure → its message, then the login page.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [failed, setFailed] = useState(false);
  // A state works once, so the call must not repeat (React runs effects twice in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const provider = PROVIDERS.find((p) => pathname.endsWith(`/oauth/${p}`)) ?? 'github';
    let timer: number | undefined;
    completeOAuth(provider, search)
      .then((envelope) => {
        if (envelope.message === 'bind') {
          Toast.success(t('oauth.bindSuccess'));
          void navigate('/personal', { replace: true });
          return;
        }
        if (envelope.data) storeUser(envelope.data);
        Toast.success(t('login.success'));
        void navigate('/token', { replace: true });
      })
      .catch(() => {
        // The client has already shown the server's message.
        setFailed(true);
        timer = window.setTimeout(() => void navigate('/login', { replace: true }), FAILURE_REDIRECT_MS);
      });
    return () => {
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [navigate, pathname, search, t]);

  return (
    <section className="page-card" style={{ textAlign: 'center', padding: 48 }}>
      {failed ? (
        <Typography.Text type="danger">{t('oauth.failed')}</Typography.Text>
      ) : (
        <Spin size="large" tip={t('oauth.processing')} />
      )}
    </section>
  );
}
