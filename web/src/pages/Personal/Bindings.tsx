import { Button, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { UserView } from '@gateway/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTelegramBindMutation, useWeChatBindMutation, type OAuthProvider } from '../../api/oauth-queries';
import { selfKeys } from '../../api/self-queries';
import { useSiteStatus } from '../../api/site-queries';
import { startOAuth } from '../Login/start-oauth';
import { TelegramLoginWidget } from '../Login/TelegramLoginWidget';
import { WeChatCodeModal } from '../Login/WeChatCodeModal';
import { BindEmailModal } from './BindEmailModal';
import './bindings.css';

/**
 * The personal page's account bindings: each identity with its current state, and a way to bind
 * it only where the site has the method switched on (anything else would be refused).
 */
export function Bindings({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const queryClient = useQueryClient();
  const [emailOpen, setEmailOpen] = useState(false);
  const [wechatOpen, setWechatOpen] = useState(false);
  const wechat = useWeChatBindMutation();
  const telegram = useTelegramBindMutation();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: selfKeys.self });

  const oauthButton = (provider: OAuthProvider, label: string) => (
    <Button size="small" onClick={() => void startOAuth(provider, status)}>
      {label}
    </Button>
  );

  return (
    <section className="page-card" data-testid="bindings">
      <Typography.Title heading={5}>{t('oauth.bindingsTitle')}</Typography.Title>
      <div className="binding-list">
        <Row label={t('oauth.email')} value={user.email}>
          <Button size="small" onClick={() => setEmailOpen(true)}>
            {user.email ? t('oauth.changeEmail') : t('oauth.bindEmail')}
          </Button>
        </Row>
        <Row label={t('oauth.wechat')} value={user.wechat_id ? t('oauth.bound') : ''}>
          {status.wechat_login && !user.wechat_id && (
            <Button size="small" onClick={() => setWechatOpen(true)}>
              {t('oauth.bindWeChat')}
            </Button>
          )}
        </Row>
        <Row label={t('oauth.github')} value={user.github_id}>
          {status.github_oauth && !user.github_id && oauthButton('github', t('oauth.bindGitHub'))}
        </Row>
        <Row label={t('oauth.oidc')} value={user.oidc_id}>
          {status.oidc_enabled && !user.oidc_id && oauthButton('oidc', t('oauth.bindOidc'))}
        </Row>
        <Row label={t('oauth.telegram')} value={user.telegram_id}>
          {status.telegram_oauth && !user.telegram_id && (
            <TelegramLoginWidget
              botName={status.telegram_bot_name}
              onAuth={(fields) =>
                telegram.mutate(fields, {
                  onSuccess: () => {
                    Toast.success(t('oauth.bindSuccess'));
                    refresh();
                  },
                })
              }
            />
          )}
        </Row>
        <Row label={t('oauth.linuxdo')} value={user.linux_do_id}>
          {status.linuxdo_oauth && !user.linux_do_id && oauthButton('linuxdo', t('oauth.bindLinuxDO'))}
        </Row>
      </div>
      <BindEmailModal visible={emailOpen} onClose={() => setEmailOpen(false)} onBound={refresh} />
      <WeChatCodeModal
        visible={wechatOpen}
        qrCode={status.wechat_qrcode}
        submitLabel={t('oauth.wechatBind')}
        loading={wechat.isPending}
        onSubmit={(code) =>
          wechat.mutate(code, {
            onSuccess: () => {
              Toast.success(t('oauth.wechatBound'));
              setWechatOpen(false);
              refresh();
            },
          })
        }
        onClose={() => setWechatOpen(false)}
      />
    </section>
  );
}

function Row({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="binding-row" data-testid={`binding-${label}`}>
      <Typography.Text strong>{label}</Typography.Text>
      <span className="binding-value">
        {value ? (
          <Typography.Text ellipsis={{ showTooltip: true }}>{value}</Typography.Text>
        ) : (
          <Tag>{t('oauth.unbound')}</Tag>
        )}
      </span>
      <span className="binding-action">{children}</span>
    </div>
  );
}
