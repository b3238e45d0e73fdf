import { Card, Empty } from '@douyinfe/semi-ui-19';
import { VChart } from '@visactor/react-vchart';
import { useTranslation } from 'react-i18next';
import type { DashboardSeries } from './dashboard-series';

interface Props {
  series: DashboardSeries;
  formatQuota(quota: number): string;
}

/** The dashboard's charts (VChart): spend and calls over time by model, and each model's share. */
export function DetailCharts({ series, formatQuota }: Props) {
  const { t } = useTranslation();
  if (series.quota.length === 0) {
    return (
      <Card className="detail-chart-card">
        <Empty description={t('dashboard.noData')} />
      </Card>
    );
  }
  const quotaTooltip = {
    mark: {
      content: [
        {
          key: (d?: Record<string, unknown>) => String(d?.model),
          value: (d?: Record<string, unknown>) => formatQuota(Number(d?.value)),
        },
      ],
    },
    dimension: {
      content: [
        {
          key: (d?: Record<string, unknown>) => String(d?.model),
          value: (d?: Record<string, unknown>) => formatQuota(Number(d?.value)),
        },
      ],
    },
  };
  return (
    <div className="detail-charts">
      <Card className="detail-chart-card" title={t('dashboard.quotaOverTime')} data-testid="chart-quota">
        <VChart
          spec={{
            type: 'bar',
            data: [{ id: 'quota', values: series.quota }],
            xField: 'time',
            yField: 'value',
            seriesField: 'model',
            stack: true,
            legends: { visible: true, orient: 'bottom' },
            axes: [{ orient: 'left', label: { formatMethod: (v: unknown) => formatQuota(Number(v)) } }],
            tooltip: quotaTooltip,
            height: 320,
          }}
        />
      </Card>
      <Card className="detail-chart-card" title={t('dashboard.callsOverTime')} data-testid="chart-calls">
        <VChart
          spec={{
            type: 'line',
            data: [{ id: 'calls', values: series.calls }],
            xField: 'time',
            yField: 'value',
            seriesField: 'model',
            legends: { visible: true, orient: 'bottom' },
            point: { visible: true },
            height: 320,
          }}
        />
      </Card>
      <Card className="detail-chart-card" title={t('dashboard.modelShare')} data-testid="chart-share">
        <VChart
          spec={{
            type: 'pie',
            data: [{ id: 'share', values: series.modelShare }],
            valueField: 'value',
            categoryField: 'model',
            outerRadius: 0.8,
            innerRadius: 0.5,
            legends: { visible: true, orient: 'bottom' },
            label: { visible: true },
            tooltip: {
              mark: {
                content: [
                  {
                    key: (d?: Record<string, unknown>) => String(d?.model),
                    value: (d?: Record<string, unknown>) => formatQuota(Number(d?.value)),
                  },
                ],
              },
            },
            height: 320,
          }}
        />
      </Card>
    </div>
  );
}
