import { Banner, Descriptions, Modal, Spin } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useLogUserQuery } from '../../api/log-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';

export interface LogUserRef {
  id: number;
  username: string;
}

/**
 * The admin's user popup. It asks the server for the account; when that fails (no admin user
 * endpoint yet, or the user is gone) it shows the id and name the log recorded.
 */
export function LogUserModal({ user, onClose }: { user: LogUserRef | null; onClose(): void }) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const account = useLogUserQuery(user?.id ?? null);

  const body = () => {
    if (!user) return null;
    if (account.isPending) return <Spin />;
    const info = account.data;
    const rows = info
      ? [
          { key: t('log.user.id'), value: info.id },
          { key: t('log.user.username'), value: info.username },
          { key: t('log.user.displayName'), value: info.display_name || '-' },
          { key: t('log.user.group'), value: info.group },
          { key: t('log.user.balance'), value: formatQuota(info.quota) },
          { key: t('log.user.usedQuota'), value: formatQuota(info.used_quota) },
          { key: t('log.user.requestCount'), value: info.request_count },
        ]
      : [
          { key: t('log.user.id'), value: user.id },
          { key: t('log.user.username'), value: user.username },
        ];
    return (
      <>
        {!info && (
          <Banner type="info" fullMode={false} closeIcon={null} description={t('log.user.partial')} />
        )}
        <Descriptions data={rows} />
      </>
    );
  };

  return (
    <Modal title={t('log.user.title')} visible={user !== null} onCancel={onClose} footer={null}>
      {body()}
    </Modal>
  );
}
