import { Button, Dropdown, Toast } from '@douyinfe/semi-ui-19';
import { IconComment } from '@douyinfe/semi-icons';
import type { TokenView } from '@gateway/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../api/site-queries';
import { openInNewTab } from '../../chat-links/browser-navigation';
import {
  chatServerAddress,
  fillChatTemplate,
  parseChatTemplates,
  type ChatTemplate,
} from '../../chat-links/chat-templates';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { StorageKey } from '../../storage/keys';
import { useLocalValue } from '../../storage/local-store';

/**
 * The chat entries of a token row: one per stored chat template, each opening the template in a
 * new tab with this token's key. A blocked popup falls back to copying the link.
 */
export function TokenChatMenu({ token }: { token: TokenView }) {
  const { t } = useTranslation();
  const { server_address } = useSiteStatus();
  const chatsRaw = useLocalValue(StorageKey.chats);
  const parsed = useMemo(() => parseChatTemplates(chatsRaw), [chatsRaw]);

  const open = (template: ChatTemplate) => {
    const url = fillChatTemplate(template.url, {
      serverAddress: chatServerAddress(server_address, window.location.origin),
      key: token.key,
    });
    if (!openInNewTab(url)) void copyWithFeedback(url, t('chat.linkCopied'));
  };

  const button = (onClick?: () => void) => (
    <Button size="small" icon={<IconComment />} onClick={onClick}>
      {t('chat.menu')}
    </Button>
  );

  if (!parsed.ok) return button(() => Toast.error(t('chat.configInvalid')));
  if (parsed.templates.length === 0) return button(() => Toast.error(t('chat.notConfigured')));
  return (
    <Dropdown
      trigger="click"
      position="bottomLeft"
      render={
        <Dropdown.Menu>
          {parsed.templates.map((template, index) => (
            <Dropdown.Item key={`${index}-${template.name}`} onClick={() => open(template)}>
              {template.name}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      {/* Semi positions popups on a DOM node; the span gives the button one. */}
      <span>{button()}</span>
    </Dropdown>
  );
}
