import { Skeleton, Tag } from '@douyinfe/semi-ui-19';
import type { LogStat } from '@gateway/contract';
import { useTranslation } from 'react-i18next';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';

/** Totals for the current filters: quota used, and requests and tokens of the last minute. */
export function LogStats({ stat }: { stat: LogStat | undefined }) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  if (!stat) return <Skeleton.Paragraph rows={1} className="log-stats" />;
  return (
    <div className="log-stats" data-testid="log-stats">
      <Tag color="blue" size="large">
        {t('log.stat.quota')}: {formatQuota(stat.quota)}
      </Tag>
      <Tag color="pink" size="large">
        {t('log.stat.rpm')}: {stat.rpm}
      </Tag>
      <Tag color="white" size="large">
        {t('log.stat.tpm')}: {stat.tpm}
      </Tag>
    </div>
  );
}
