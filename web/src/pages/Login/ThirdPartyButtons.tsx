import { IconComment, IconGithubLogo, IconLink, IconSend } from '@douyinfe/semi-icons';
import { Button, Divider, Toast } from '@douyinfe/semi-ui-19';
import type { SiteStatus } from '@gateway/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface Provider {
  key: string;
  label: string;
  icon: ReactNode;
  /** The callback page it leads to; none means the flow itself is not built yet. */
  path?: string;
}

/**
 * The third-party sign-in options the site has switched on. The OAuth flows ship later; for now
 * the buttons lead to their (placeholder) callback pages.
 */
export function ThirdPartyButtons({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const providers: Provider[] = [
    ...(status.github_oauth
      ? [{ key: 'github', label: t('login.github'), icon: <IconGithubLogo />, path: '/oauth/github' }]
      : []),
    ...(status.oidc_enabled
      ? [{ key: 'oidc', label: t('login.oidc'), icon: <IconLink />, path: '/oauth/oidc' }]
      : []),
    ...(status.linuxdo_oauth
      ? [{ key: 'linuxdo', label: t('login.linuxdo'), icon: <IconLink />, path: '/oauth/linuxdo' }]
      : []),
    ...(status.wechat_login ? [{ key: 'wechat', label: t('login.wechat'), icon: <IconComment /> }] : []),
    ...(status.telegram_oauth ? [{ key: 'telegram', label: t('login.telegram'), icon: <IconSend /> }] : []),
  ];
  if (providers.length === 0) return null;
  return (
    <div className="third-party-buttons" data-testid="third-party-login">
      <Divider>{t('login.thirdParty')}</Divider>
      {providers.map((provider) => (
        <Button
          key={provider.key}
          icon={provider.icon}
          block
          onClick={() => {
            if (provider.path) void navigate(provider.path);
            else Toast.info(t('common.laterFeature'));
          }}
        >
          {provider.label}
        </Button>
      ))}
    </div>
  );
}
