import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /redemption: redemption codes ships in a later release; the route, guard and layout are already live. */
export function RedemptionPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.redemption')} />;
}
