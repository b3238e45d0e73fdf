import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /channel: channel management ships in a later release; the route, guard and layout are already live. */
export function ChannelPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('sidebar.channels')} />;
}
