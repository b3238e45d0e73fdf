import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /pricing: the public price list ships in a later release; the route, guard and layout are already live. */
export function PricingPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.pricing')} />;
}
