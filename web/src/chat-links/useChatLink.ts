import { Toast } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSiteStatus } from '../api/site-queries';
import { StorageKey } from '../storage/keys';
import { useLocalValue } from '../storage/local-store';
import { fetchEnabledTokenKey } from './enabled-token-key';
import { chatServerAddress, fillChatTemplate, parseChatTemplates, pickChatTemplate } from './chat-templates';

export type ChatLinkState =
  | { kind: 'loading' }
  | { kind: 'ready'; name: string; url: string }
  /** No template configured at all. */
  | { kind: 'notConfigured' }
  /** The stored templates are malformed, or the id names none of them. */
  | { kind: 'invalid' }
  /** The user has no enabled token; the hook sends them to /token shortly. */
  | { kind: 'noToken' }
  /** The token list could not be read (the client has already shown why). */
  | { kind: 'failed' };

/** How long the "no enabled token" message stays before the redirect (document 2, section 4). */
export const NO_TOKEN_REDIRECT_MS = 1500;

export const chatLinkKeys = { enabledKey: ['token', 'chat-link-key'] as const };

/**
 * The filled-in URL of a chat template for the `/chat/:id` and `/chat2link` pages: the template
 * from the stored chats, this gateway's address and the first enabled token of the user.
 */
export function useChatLink(id: string | undefined): ChatLinkState {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { server_address } = useSiteStatus();
  const chatsRaw = useLocalValue(StorageKey.chats);
  const parsed = useMemo(() => parseChatTemplates(chatsRaw), [chatsRaw]);
  const template = parsed.ok ? pickChatTemplate(parsed.templates, id) : null;

  const keyQuery = useQuery({
    queryKey: chatLinkKeys.enabledKey,
    queryFn: fetchEnabledTokenKey,
    enabled: template !== null,
    staleTime: 0,
  });
  const noToken = template !== null && keyQuery.isSuccess && keyQuery.data === null;

  useEffect(() => {
    if (!noToken) return;
    Toast.error(t('chat.noEnabledToken'));
    const timer = window.setTimeout(() => navigate('/token'), NO_TOKEN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [noToken, navigate, t]);

  if (!parsed.ok) return { kind: 'invalid' };
  if (parsed.templates.length === 0) return { kind: 'notConfigured' };
  if (!template) return { kind: 'invalid' };
  if (noToken) return { kind: 'noToken' };
  if (keyQuery.isError) return { kind: 'failed' };
  if (!keyQuery.data) return { kind: 'loading' };
  const serverAddress = chatServerAddress(server_address, window.location.origin);
  return {
    kind: 'ready',
    name: template.name,
    url: fillChatTemplate(template.url, { serverAddress, key: keyQuery.data }),
  };
}
