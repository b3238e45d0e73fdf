import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /topup: the wallet ships in a later release; the route, guard and layout are already live. */
export function TopUpPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.wallet')} />;
}
