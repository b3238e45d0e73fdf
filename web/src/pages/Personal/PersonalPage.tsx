import { Avatar, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { Role } from '@gateway/contract';
import { useTranslation } from 'react-i18next';
import { useSelfQuery } from '../../api/self-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { AccountSecurity } from './AccountSecurity';
import { AvailableModels } from './AvailableModels';
import { Bindings } from './Bindings';
import { InviteCard } from './InviteCard';
import { NotificationSettings } from './NotificationSettings';
import './personal.css';

/** /personal: personal settings (document 1, section 2). */
export function PersonalPage() {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const { data: user, isPending } = useSelfQuery();
  if (isPending) return <Spin size="large" />;
  if (!user) return null;
  const name = user.display_name || user.username;

  return (
    <div className="personal-page">
      <section className="page-card">
        <div className="page-heading">
          <Avatar color="light-blue">{name.slice(0, 1).toUpperCase()}</Avatar>
          <div>
            <Typography.Title heading={4}>{name}</Typography.Title>
            <Typography.Text type="tertiary">
              ID {user.id} · {t('personal.group', { group: user.group })}
            </Typography.Text>
          </div>
          <Tag color={user.role >= Role.Root ? 'red' : 'blue'} data-testid="role-tag">
            {user.role >= Role.Root ? t('personal.roleAdmin') : t('personal.roleUser')}
          </Tag>
        </div>
        <div className="stat-grid">
          <Stat label={t('personal.balance')} value={formatQuota(user.quota)} />
          <Stat label={t('personal.usedQuota')} value={formatQuota(user.used_quota)} />
          <Stat label={t('personal.requestCount')} value={String(user.request_count)} />
        </div>
      </section>
      <AvailableModels />
      <InviteCard user={user} />
      <Bindings user={user} />
      <AccountSecurity username={user.username} />
      <NotificationSettings />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat-item">
      <Typography.Text type="tertiary">{label}</Typography.Text>
      <div className="stat-value">{value}</div>
    </div>
  );
}
