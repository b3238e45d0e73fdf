import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /playground: the chat playground ships in a later release; the route, guard and layout are already live. */
export function PlaygroundPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.playground')} />;
}
