import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /oauth/github, /oauth/oidc and /oauth/linuxdo: third-party sign-in ships in a later release; the route, guard and layout are already live. */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.oauthCallback')} />;
}
