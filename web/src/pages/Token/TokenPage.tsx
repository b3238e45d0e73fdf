import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /token: the token list ships in a later release; the route, guard and layout are already live. */
export function TokenPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.tokens')} />;
}
