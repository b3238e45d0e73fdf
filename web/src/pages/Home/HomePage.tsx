import { Button, Spin, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHomePageContentQuery, useSiteStatus } from '../../api/site-queries';
import { consolePath } from '../../app/layout/nav-targets';
import { RichContent } from '../../components/RichContent';
import { useStoredUser } from '../../session/stored-user';
import { HomeNotice } from './HomeNotice';

/** /: the admin's home page content when set, otherwise a short welcome. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const user = useStoredUser();
  const { data, isPending } = useHomePageContentQuery();
  const name = status.system_name || t('common.appName');

  if (isPending) return <Spin />;
  if (data?.trim()) {
    return (
      <>
        <HomeNotice />
        <RichContent content={data} title={name} />
      </>
    );
  }
  return (
    <section className="page-card home-welcome">
      <HomeNotice />
      <Typography.Title heading={2}>{t('home.welcome', { name })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      {status.version && (
        <Typography.Paragraph type="tertiary">
          {t('home.version', { version: status.version })}
        </Typography.Paragraph>
      )}
      <Button
        theme="solid"
        type="primary"
        onClick={() => void navigate(user ? consolePath(status) : '/login')}
      >
        {user ? t('home.goConsole') : t('topBar.login')}
      </Button>
    </section>
  );
}
