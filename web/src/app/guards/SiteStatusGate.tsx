import { Button, Empty, Toast } from '@douyinfe/semi-ui-19';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSiteStatusQuery } from '../../api/site-queries';
import { ApiRequestError } from '../../api/http-client';
import { FullPageSpin } from '../../components/FullPageSpin';
import { readStoredSiteStatus } from '../../status/site-status-storage';

export const SETUP_PATH = '/setup';

/**
 * Waits for the first /api/status answer, then keeps a fresh install on the setup wizard and a
 * finished one off it (document 3, section 2.10).
 */
export function SiteStatusGate() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data, isPending, error, refetch } = useSiteStatusQuery();
  const stored = useMemo(() => readStoredSiteStatus(), []);
  const failure = error
    ? t(error instanceof ApiRequestError && error.status === 0 ? 'http.unreachable' : 'http.statusFailed')
    : null;

  useEffect(() => {
    if (failure) Toast.error(failure);
  }, [failure]);

  if (isPending) return <FullPageSpin tip={t('common.loading')} />;
  const status = data ?? stored;
  if (!status) {
    return (
      <div className="full-page-center">
        <Empty
          title={failure}
          description={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
        />
      </div>
    );
  }
  if (!status.setup && pathname !== SETUP_PATH) return <Navigate to={SETUP_PATH} replace />;
  if (status.setup && pathname === SETUP_PATH) return <Navigate to="/" replace />;
  return <Outlet />;
}
