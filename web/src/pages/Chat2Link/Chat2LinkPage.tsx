import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /chat2link: the chat-link loader ships in a later release; the route, guard and layout are already live. */
export function Chat2LinkPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.chat2link')} />;
}
