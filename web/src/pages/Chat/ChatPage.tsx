import { Typography } from '@douyinfe/semi-ui-19';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { leaveConsoleFor } from '../../chat-links/browser-navigation';
import { isWebLink } from '../../chat-links/chat-templates';
import { useChatLink } from '../../chat-links/useChatLink';
import { ChatLinkStatus } from './ChatLinkStatus';

/**
 * /chat/:id?: the id-th chat template filled with this gateway's address and the user's first
 * enabled token. Web apps are embedded inside the console; app schemes (ama://, opencat://) cannot
 * be framed, so the browser is handed the link and the page offers it to click as well.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const link = useChatLink(id);
  const appLink = link.kind === 'ready' && !isWebLink(link.url) ? link.url : null;

  useEffect(() => {
    if (appLink) leaveConsoleFor(appLink);
  }, [appLink]);

  if (link.kind !== 'ready') return <ChatLinkStatus state={link} />;
  if (appLink) {
    return (
      <section className="page-card chat-app-launch">
        <Typography.Title heading={5}>{t('chat.openingApp', { name: link.name })}</Typography.Title>
        <Typography.Text link={{ href: appLink }}>{t('chat.openManually')}</Typography.Text>
      </section>
    );
  }
  return (
    <iframe
      className="chat-frame"
      title={t('chat.frameTitle', { name: link.name })}
      src={link.url}
      allow="clipboard-read; clipboard-write; microphone"
    />
  );
}
