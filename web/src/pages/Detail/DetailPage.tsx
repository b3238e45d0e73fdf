import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /detail: the dashboard ships in a later release; the route, guard and layout are already live. */
export function DetailPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.dashboard')} />;
}
