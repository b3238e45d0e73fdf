import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /user/edit and /user/edit/:id: the user editor ships in a later release; the route, guard and layout are already live. */
export function UserEditPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.userEdit')} />;
}
