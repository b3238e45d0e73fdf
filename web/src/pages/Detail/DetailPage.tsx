import { Button, Card, DatePicker, Input, Select, Space, Typography } from '@douyinfe/semi-ui-19';
import { IconSearch } from '@douyinfe/semi-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDataQuery, type DashboardRange } from '../../api/dashboard-queries';
import { useSiteStatus } from '../../api/site-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { DetailCharts } from './DetailCharts';
import { dashboardSeries, GRANULARITIES, type Granularity } from './dashboard-series';
import './detail.css';

const toSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** /detail: spend, calls and tokens over time by model (spec 3 §2.8; issue: data dashboard). */
export default function DetailPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const admin = isAdmin(user);
  const status = useSiteStatus();
  const formatQuota = useQuotaFormatter();
  const [dates, setDates] = useState<[Date, Date]>(() => {
    const now = Date.now();
    return [new Date(now - 24 * 3600_000), new Date(now + 3600_000)];
  });
  const [username, setUsername] = useState('');
  const [granularity, setGranularity] = useState<Granularity>(() =>
    GRANULARITIES.includes(status.data_export_default_time as Granularity)
      ? (status.data_export_default_time as Granularity)
      : 'hour',
  );
  const [range, setRange] = useState<DashboardRange>({
    start: toSeconds(dates[0]),
    end: toSeconds(dates[1]),
  });
  const data = useQuotaDataQuery(range, admin);
  const series = useMemo(() => dashboardSeries(data.data ?? [], granularity), [data.data, granularity]);

  const query = () =>
    setRange({ start: toSeconds(dates[0]), end: toSeconds(dates[1]), username: username.trim() });

  return (
    <section className="page-card detail-page">
      <Typography.Title heading={4}>{t('dashboard.title')}</Typography.Title>
      <Space wrap className="detail-filters">
        <DatePicker
          type="dateTimeRange"
          aria-label={t('dashboard.timeRange')}
          value={dates}
          placeholder={[t('dashboard.startTime'), t('dashboard.endTime')]}
          onChange={(value) => {
            if (Array.isArray(value) && value[0] instanceof Date && value[1] instanceof Date) {
              setDates([value[0], value[1]]);
            }
          }}
          className="detail-range"
        />
        <Select
          aria-label={t('dashboard.granularity')}
          prefix={t('dashboard.granularity')}
          value={granularity}
          onChange={(value) => setGranularity(value as Granularity)}
          optionList={GRANULARITIES.map((g) => ({ value: g, label: t(`dashboard.${g}`) }))}
        />
        {admin && (
          <Input
            aria-label={t('dashboard.username')}
            placeholder={t('dashboard.username')}
            value={username}
            onChange={setUsername}
            onEnterPress={query}
            showClear
            className="detail-username"
          />
        )}
        <Button type="primary" icon={<IconSearch />} loading={data.isFetching} onClick={query}>
          {t('dashboard.query')}
        </Button>
      </Space>
      <div className="detail-totals">
        <Card className="detail-total" data-testid="total-quota">
          <Typography.Text type="tertiary">{t('dashboard.totalQuota')}</Typography.Text>
          <Typography.Title heading={3}>{formatQuota(series.totals.quota)}</Typography.Title>
        </Card>
        <Card className="detail-total" data-testid="total-calls">
          <Typography.Text type="tertiary">{t('dashboard.totalCalls')}</Typography.Text>
          <Typography.Title heading={3}>{series.totals.calls}</Typography.Title>
        </Card>
        <Card className="detail-total" data-testid="total-tokens">
          <Typography.Text type="tertiary">{t('dashboard.totalTokens')}</Typography.Text>
          <Typography.Title heading={3}>{series.totals.tokens}</Typography.Title>
        </Card>
      </div>
      <Typography.Paragraph type="tertiary" size="small">
        {t('dashboard.hint')}
      </Typography.Paragraph>
      <DetailCharts series={series} formatQuota={formatQuota} />
    </section>
  );
}
