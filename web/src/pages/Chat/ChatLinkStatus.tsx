import { Empty, Spin } from '@douyinfe/semi-ui-19';
import { IllustrationNoContent, IllustrationNoContentDark } from '@douyinfe/semi-illustrations';
import { useTranslation } from 'react-i18next';
import type { ChatLinkState } from '../../chat-links/useChatLink';

/** What the chat pages show while there is no link to open (loading, or why there is none). */
export function ChatLinkStatus({ state }: { state: Exclude<ChatLinkState, { kind: 'ready' }> }) {
  const { t } = useTranslation();
  if (state.kind === 'loading') {
    return (
      <div className="full-page-center">
        <Spin size="large" tip={t('chat.loading')} />
      </div>
    );
  }
  const message = {
    invalid: t('chat.configInvalid'),
    notConfigured: t('chat.notConfigured'),
    noToken: t('chat.noEnabledToken'),
    failed: t('chat.loadFailed'),
  }[state.kind];
  return (
    <section className="page-card" data-testid="chat-link-status">
      <Empty
        image={<IllustrationNoContent style={{ width: 150, height: 150 }} />}
        darkModeImage={<IllustrationNoContentDark style={{ width: 150, height: 150 }} />}
        description={message}
      />
    </section>
  );
}
