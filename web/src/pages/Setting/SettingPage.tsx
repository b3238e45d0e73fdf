import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /setting: system settings ships in a later release; the route, guard and layout are already live. */
export function SettingPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.systemSettings')} />;
}
