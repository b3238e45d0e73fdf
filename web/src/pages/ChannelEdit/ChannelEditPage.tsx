import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /channel/add and /channel/edit/:id: the channel editor ships in a later release; the route, guard and layout are already live. */
export function ChannelEditPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.channelEdit')} />;
}
