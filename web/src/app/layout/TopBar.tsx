import { IconMenu } from '@douyinfe/semi-icons';
import { Button, Dropdown, Tag } from '@douyinfe/semi-ui-19';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { useSiteStatus } from '../../api/site-queries';
import { useStoredUser } from '../../session/stored-user';
import { LanguageMenu } from './LanguageMenu';
import { consolePath, isNewYearsDay } from './nav-targets';
import { NewYearGreeting } from './NewYearGreeting';
import { ThemeSwitch } from './ThemeSwitch';
import { useIsMobile } from './useIsMobile';
import { UserMenu } from './UserMenu';

interface TopLink {
  key: string;
  label: string;
  to: string;
  external?: boolean;
}

/** Document 3, section 2.7. */
export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const user = useStoredUser();
  const isMobile = useIsMobile();
  const systemName = status.system_name || t('common.appName');
  // The browser tab carries the operator's system name, not the build's default title.
  useEffect(() => {
    document.title = systemName;
  }, [systemName]);

  const links: TopLink[] = [
    { key: 'home', label: t('topBar.home'), to: '/' },
    { key: 'console', label: t('topBar.console'), to: consolePath(status) },
    { key: 'pricing', label: t('topBar.pricing'), to: '/pricing' },
    ...(status.docs_link
      ? [{ key: 'docs', label: t('topBar.docs'), to: status.docs_link, external: true }]
      : []),
    { key: 'about', label: t('topBar.about'), to: '/about' },
  ];

  const openLink = (link: TopLink) => {
    if (link.external) window.open(link.to, '_blank', 'noopener,noreferrer');
    else void navigate(link.to);
  };

  return (
    <header className="top-bar">
      <Link to="/" className="top-bar-brand">
        <img src={status.logo || '/logo.svg'} alt="" width={28} height={28} />
        {!isMobile && <span className="top-bar-name">{systemName}</span>}
      </Link>
      {status.self_use_mode_enabled && <Tag color="cyan">{t('topBar.selfUseMode')}</Tag>}
      {status.demo_site_enabled && <Tag color="orange">{t('topBar.demoSite')}</Tag>}
      {isMobile ? (
        <Dropdown
          trigger="click"
          render={
            <Dropdown.Menu>
              {links.map((link) => (
                <Dropdown.Item key={link.key} onClick={() => openLink(link)}>
                  {link.label}
                </Dropdown.Item>
              ))}
            </Dropdown.Menu>
          }
        >
          <span>
            <Button
              theme="borderless"
              type="tertiary"
              icon={<IconMenu />}
              aria-label={t('topBar.openMenu')}
            />
          </span>
        </Dropdown>
      ) : (
        <nav className="top-bar-links" aria-label="main">
          {links.map((link) =>
            link.external ? (
              <a key={link.key} href={link.to} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ) : (
              <NavLink key={link.key} to={link.to} end={link.to === '/'}>
                {link.label}
              </NavLink>
            ),
          )}
        </nav>
      )}
      <div className="top-bar-actions">
        {isNewYearsDay(new Date()) && <NewYearGreeting />}
        <ThemeSwitch />
        <LanguageMenu />
        {user ? (
          <UserMenu user={user} />
        ) : (
          <>
            <Button theme="solid" type="primary" onClick={() => void navigate('/login')}>
              {t('topBar.login')}
            </Button>
            {!isMobile && !status.self_use_mode_enabled && (
              <Button theme="light" onClick={() => void navigate('/register')}>
                {t('topBar.register')}
              </Button>
            )}
          </>
        )}
      </div>
    </header>
  );
}
