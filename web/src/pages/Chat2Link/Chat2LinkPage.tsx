import { useEffect } from 'react';
import { leaveConsoleFor } from '../../chat-links/browser-navigation';
import { useChatLink } from '../../chat-links/useChatLink';
import { ChatLinkStatus } from '../Chat/ChatLinkStatus';

/**
 * /chat2link: a loader that sends the user straight to the first chat template, filled with the
 * user's first enabled token (document 2, section 2.8). Without one it says so and goes to /token.
 */
export function Chat2LinkPage() {
  const link = useChatLink(undefined);
  const target = link.kind === 'ready' ? link.url : null;

  useEffect(() => {
    if (target) leaveConsoleFor(target);
  }, [target]);

  return <ChatLinkStatus state={link.kind === 'ready' ? { kind: 'loading' } : link} />;
}
