import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /user/reset: the password-reset confirmation ships in a later release; the route, guard and layout are already live. */
export function PasswordResetConfirmPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.passwordResetConfirm')} />;
}
