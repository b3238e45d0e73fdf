import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /chat/:id?: the embedded chat link ships in a later release; the route, guard and layout are already live. */
export function ChatPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.chatPage')} />;
}
