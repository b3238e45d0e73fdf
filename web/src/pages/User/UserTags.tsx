import { Tag } from '@douyinfe/semi-ui-19';
import { Role, UserStatus } from '@gateway/contract';
import { useTranslation } from 'react-i18next';

type TagColor = 'yellow' | 'red' | 'blue' | 'orange' | 'green' | 'grey';

/** Document 1, section 9: vip and pro yellow, svip and premium red. */
export function groupColor(group: string): TagColor {
  const name = group.toLowerCase();
  if (name === 'vip' || name === 'pro') return 'yellow';
  if (name === 'svip' || name === 'premium') return 'red';
  return 'blue';
}

export function GroupTag({ group }: { group: string }) {
  return (
    <Tag color={groupColor(group)} size="large">
      {group}
    </Tag>
  );
}

export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation();
  if (role === Role.User) return <Tag color="blue">{t('users.role.user')}</Tag>;
  if (role === Role.Admin) return <Tag color="yellow">{t('users.role.admin')}</Tag>;
  if (role === Role.Root) return <Tag color="orange">{t('users.role.root')}</Tag>;
  return <Tag color="grey">{t('users.role.unknown')}</Tag>;
}

/** A deregistered user reads as such whatever their last status was. */
export function StatusTag({ status, deleted }: { status: number; deleted: boolean }) {
  const { t } = useTranslation();
  if (deleted) return <Tag color="red">{t('users.status.deleted')}</Tag>;
  if (status === UserStatus.Enabled) return <Tag color="green">{t('users.status.enabled')}</Tag>;
  if (status === UserStatus.Disabled) return <Tag color="red">{t('users.status.disabled')}</Tag>;
  return <Tag color="grey">{t('users.status.unknown')}</Tag>;
}
