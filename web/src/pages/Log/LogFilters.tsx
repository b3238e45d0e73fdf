import { Button, DatePicker, Input, Select, Space } from '@douyinfe/semi-ui-19';
import { IconRefresh, IconSearch } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { LOG_TYPE_OPTIONS, type LogFilterValues } from './log-filters';

interface Props {
  values: LogFilterValues;
  admin: boolean;
  loading: boolean;
  onChange(values: LogFilterValues): void;
  onQuery(): void;
  onReset(): void;
}

/** The usage log's filters; channel id and username are admin filters. */
export function LogFilters({ values, admin, loading, onChange, onQuery, onReset }: Props) {
  const { t } = useTranslation();
  const set = <K extends keyof LogFilterValues>(key: K, value: LogFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  const text = (key: 'token_name' | 'model_name' | 'group' | 'channel' | 'username', label: string) => (
    <Input
      aria-label={label}
      placeholder={label}
      value={values[key]}
      onChange={(value) => set(key, value)}
      onEnterPress={onQuery}
      showClear
      className="log-filter-input"
    />
  );

  return (
    <div className="log-filters">
      <Space wrap>
        <DatePicker
          type="dateTimeRange"
          aria-label={t('log.filter.timeRange')}
          value={[values.start, values.end]}
          placeholder={[t('log.filter.startTime'), t('log.filter.endTime')]}
          onChange={(dates) => {
            if (Array.isArray(dates) && dates[0] instanceof Date && dates[1] instanceof Date) {
              onChange({ ...values, start: dates[0], end: dates[1] });
            }
          }}
          style={{ width: 380 }}
        />
        <Select
          aria-label={t('log.filter.type')}
          prefix={t('log.filter.type')}
          value={values.type}
          onChange={(value) => set('type', Number(value))}
          optionList={LOG_TYPE_OPTIONS.map((option) => ({ value: option.value, label: t(option.text) }))}
          style={{ width: 180 }}
        />
        {text('token_name', t('log.filter.tokenName'))}
        {text('model_name', t('log.filter.modelName'))}
        {text('group', t('log.filter.group'))}
        {admin && text('channel', t('log.filter.channel'))}
        {admin && text('username', t('log.filter.username'))}
        <Button type="primary" icon={<IconSearch />} onClick={onQuery} loading={loading}>
          {t('log.filter.query')}
        </Button>
        <Button icon={<IconRefresh />} onClick={onReset}>
          {t('log.filter.reset')}
        </Button>
      </Space>
    </div>
  );
}
