import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /user: user management ships in a later release; the route, guard and layout are already live. */
export function UserPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.users')} />;
}
