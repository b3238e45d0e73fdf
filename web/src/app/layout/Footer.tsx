import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus, useSiteStatusQuery } from '../../api/site-queries';
import { StorageKey } from '../../storage/keys';
import { readLocal } from '../../storage/local-store';

export const FOOTER_POLL_ATTEMPTS = 5;
export const FOOTER_POLL_INTERVAL_MS = 200;

/**
 * The custom footer may be stored after the layout mounts (the status answer comes later), so it
 * is looked up again 5 times, every 200 ms, as document 3 (section 2.9) asks.
 */
function useCustomFooterHtml(): string | null {
  const [html, setHtml] = useState(() => readLocal(StorageKey.footerHtml));
  // A fresh status answer (e.g. after the admin saved a new footer) is the truth from then on.
  const fromServer = useSiteStatusQuery().data?.footer_html;
  useEffect(() => {
    if (fromServer !== undefined) setHtml(fromServer || null);
  }, [fromServer]);
  useEffect(() => {
    if (html) return;
    let attempts = 0;
    const timer = window.setInterval(() => {
      attempts += 1;
      const found = readLocal(StorageKey.footerHtml);
      if (found) setHtml(found);
      if (found || attempts >= FOOTER_POLL_ATTEMPTS) window.clearInterval(timer);
    }, FOOTER_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [html]);
  return html;
}

export function Footer() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const html = useCustomFooterHtml();
  return (
    <footer className="app-footer">
      {html ? (
        // Admin-authored HTML by design (Footer option), like the home and about pages.
        <div className="custom-footer" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <span>
          {t('footer.credit', {
            name: status.system_name || t('common.appName'),
            version: status.version ? `v${status.version.replace(/^v/, '')}` : '',
          })}
        </span>
      )}
    </footer>
  );
}
