import { Skeleton, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useSelfQuery } from '../../api/self-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';

/** Balance, used quota and request count of the signed-in user. */
export function WalletBalance() {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const { data: user } = useSelfQuery();

  const stats = [
    // data-quota carries the exact number behind the rounded display (read by the browser tests).
    { id: 'wallet-balance', label: t('wallet.balance'), quota: user?.quota, text: formatQuota },
    { id: 'wallet-used', label: t('wallet.usedQuota'), quota: user?.used_quota, text: formatQuota },
    { id: 'wallet-requests', label: t('wallet.requestCount'), quota: user?.request_count, text: String },
  ];
  return (
    <div className="stat-grid">
      {stats.map((stat) => (
        <div key={stat.id} className="stat-item" data-testid={stat.id} data-quota={stat.quota}>
          <Typography.Text type="tertiary">{stat.label}</Typography.Text>
          <Skeleton loading={stat.quota === undefined} placeholder={<Skeleton.Title />} active>
            <div className="stat-value">{stat.quota === undefined ? '' : stat.text(stat.quota)}</div>
          </Skeleton>
        </div>
      ))}
    </div>
  );
}
