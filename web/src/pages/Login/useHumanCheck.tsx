import { Toast } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../api/site-queries';
import { TurnstileWidget } from '../../components/TurnstileWidget';

/**
 * The Turnstile check of the sign-in and sign-up forms, when the site has it on. Tokens are
 * single use on the server, so each call takes the current one and shows a fresh widget for the
 * next call.
 */
export function useHumanCheck() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const on = Boolean(status.turnstile_check);
  const [token, setToken] = useState('');
  const [round, setRound] = useState(0);

  const widget =
    on && status.turnstile_site_key ? (
      <TurnstileWidget key={round} siteKey={status.turnstile_site_key} onToken={setToken} />
    ) : null;

  /** The token for the next call ('' when the check is off), or null after asking the user to wait. */
  const take = (): string | null => {
    if (!on) return '';
    if (!token) {
      Toast.info(t('login.humanCheckPending'));
      return null;
    }
    setToken('');
    setRound((r) => r + 1);
    return token;
  };

  return { widget, take };
}
