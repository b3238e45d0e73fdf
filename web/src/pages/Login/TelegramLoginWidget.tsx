import { useEffect, useId, useRef } from 'react';
import type { TelegramFields } from '../../api/oauth-queries';

type Callbacks = Record<string, ((user: TelegramFields) => void) | undefined>;

/**
 * Telegram's login widget (their script draws the button). It hands the signed user fields to a
 * global callback, which passes them on; the page then calls our server with them. A callback
 * rather than the widget's redirect mode, so the call carries the session cookie like any other.
 */
export function TelegramLoginWidget({
  botName,
  onAuth,
}: {
  botName: string;
  onAuth: (fields: TelegramFields) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onAuth);
  const callbackName = `onTelegramAuth_${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  useEffect(() => {
    latest.current = onAuth;
  }, [onAuth]);

  useEffect(() => {
    const container = box.current;
    if (!container || !botName) return;
    (window as unknown as Callbacks)[callbackName] = (user) => latest.current(user);
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.onauth = `${callbackName}(user)`;
    script.dataset.requestAccess = 'write';
    container.replaceChildren(script);
    return () => {
      delete (window as unknown as Callbacks)[callbackName];
      container.replaceChildren();
    };
  }, [botName, callbackName]);

  return <div ref={box} className="telegram-widget" data-testid="telegram-widget" />;
}
