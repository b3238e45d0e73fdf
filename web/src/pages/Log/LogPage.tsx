import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /log: the usage log ships in a later release; the route, guard and layout are already live. */
export function LogPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.log')} />;
}
