import { IconComment, IconGithubLogo, IconLink } from '@douyinfe/semi-icons';
import { Button, Divider, Toast } from '@douyinfe/semi-ui-19';
import type { SiteStatus } from '@gateway/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  useTelegramLoginMutation,
  useWeChatLoginMutation,
  type OAuthProvider,
  type TelegramFields,
} from '../../api/oauth-queries';
import { storeUser, type StoredUser } from '../../session/stored-user';
import { startOAuth } from './start-oauth';
import { TelegramLoginWidget } from './TelegramLoginWidget';
import { WeChatCodeModal } from './WeChatCodeModal';

interface Redirecting {
  key: OAuthProvider;
  label: string;
  icon: ReactNode;
}

/**
 * The third-party sign-in options the site has switched on: GitHub, OIDC and LinuxDO leave for
 * the provider (and come back to /oauth/*), WeChat opens the code dialog, Telegram shows its widget.
 */
export function ThirdPartyButtons({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [wechatOpen, setWechatOpen] = useState(false);
  const [leaving, setLeaving] = useState<OAuthProvider | null>(null);
  const wechat = useWeChatLoginMutation();
  const telegram = useTelegramLoginMutation();

  const redirecting: Redirecting[] = [
    ...(status.github_oauth
      ? [{ key: 'github' as const, label: t('login.github'), icon: <IconGithubLogo /> }]
      : []),
    ...(status.oidc_enabled ? [{ key: 'oidc' as const, label: t('login.oidc'), icon: <IconLink /> }] : []),
    ...(status.linuxdo_oauth
      ? [{ key: 'linuxdo' as const, label: t('login.linuxdo'), icon: <IconLink /> }]
      : []),
  ];
  if (redirecting.length === 0 && !status.wechat_login && !status.telegram_oauth) return null;

  // Social sign-in lands on the home page (document 1, section 4).
  const signedIn = (user: StoredUser) => {
    storeUser(user);
    Toast.success(t('login.success'));
    void navigate('/');
  };
  const leave = (provider: OAuthProvider) => {
    setLeaving(provider);
    startOAuth(provider, status).catch(() => setLeaving(null));
  };

  return (
    <div className="third-party-buttons" data-testid="third-party-login">
      <Divider>{t('login.thirdParty')}</Divider>
      {redirecting.map((provider) => (
        <Button
          key={provider.key}
          icon={provider.icon}
          block
          loading={leaving === provider.key}
          onClick={() => leave(provider.key)}
        >
          {provider.label}
        </Button>
      ))}
      {status.wechat_login && (
        <Button icon={<IconComment />} block onClick={() => setWechatOpen(true)}>
          {t('login.wechat')}
        </Button>
      )}
      {status.telegram_oauth && (
        <TelegramLoginWidget
          botName={status.telegram_bot_name}
          onAuth={(fields: TelegramFields) => telegram.mutate(fields, { onSuccess: signedIn })}
        />
      )}
      <WeChatCodeModal
        visible={wechatOpen}
        qrCode={status.wechat_qrcode}
        submitLabel={t('oauth.wechatLogin')}
        loading={wechat.isPending}
        onSubmit={(code) => wechat.mutate(code, { onSuccess: signedIn })}
        onClose={() => setWechatOpen(false)}
      />
    </div>
  );
}
