import { Button, DatePicker, Input, Space } from '@douyinfe/semi-ui-19';
import { IconSearch } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import type { MjFilterValues } from './mj-filters';

interface Props {
  values: MjFilterValues;
  admin: boolean;
  loading: boolean;
  onChange(values: MjFilterValues): void;
  onQuery(): void;
}

/** Channel id (admins), task id and the submission time range; every filter is optional. */
export function MjFilters({ values, admin, loading, onChange, onQuery }: Props) {
  const { t } = useTranslation();
  const text = (key: 'channel' | 'mjId', label: string) => (
    <Input
      aria-label={label}
      placeholder={label}
      value={values[key]}
      onChange={(value) => onChange({ ...values, [key]: value })}
      onEnterPress={onQuery}
      showClear
      className="log-filter-input"
    />
  );
  return (
    <div className="log-filters">
      <Space wrap>
        {admin && text('channel', t('mj.filter.channel'))}
        {text('mjId', t('mj.filter.taskId'))}
        <DatePicker
          type="dateTimeRange"
          aria-label={t('mj.filter.timeRange')}
          value={[values.start, values.end]}
          placeholder={[t('mj.filter.startTime'), t('mj.filter.endTime')]}
          onChange={(dates) => {
            if (Array.isArray(dates) && dates[0] instanceof Date && dates[1] instanceof Date) {
              onChange({ ...values, start: dates[0], end: dates[1] });
            }
          }}
          style={{ width: '100%', maxWidth: 380 }}
        />
        <Button type="primary" icon={<IconSearch />} onClick={onQuery} loading={loading}>
          {t('mj.filter.query')}
        </Button>
      </Space>
    </div>
  );
}
