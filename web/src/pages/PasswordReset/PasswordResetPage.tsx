import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /reset: the password-reset request ships in a later release; the route, guard and layout are already live. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.passwordReset')} />;
}
