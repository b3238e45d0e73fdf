import { Button, DatePicker, Input, Space } from '@douyinfe/semi-ui-19';
import { IconSearch } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import type { TaskFilterValues } from './task-filters';

interface Props {
  values: TaskFilterValues;
  admin: boolean;
  loading: boolean;
  onChange(values: TaskFilterValues): void;
  onQuery(): void;
}

const asDate = (value: unknown): Date | null => (value instanceof Date ? value : null);

/** The task log's filters; the channel id is an admin filter. */
export function TaskFilters({ values, admin, loading, onChange, onQuery }: Props) {
  const { t } = useTranslation();
  const set = <K extends keyof TaskFilterValues>(key: K, value: TaskFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <div className="task-filters">
      <Space wrap>
        {admin && (
          <Input
            aria-label={t('task.filter.channel')}
            placeholder={t('task.filter.channel')}
            value={values.channel}
            onChange={(value) => set('channel', value)}
            onEnterPress={onQuery}
            showClear
            className="task-filter-input"
          />
        )}
        <Input
          aria-label={t('task.filter.taskId')}
          placeholder={t('task.filter.taskId')}
          value={values.taskId}
          onChange={(value) => set('taskId', value)}
          onEnterPress={onQuery}
          showClear
          className="task-filter-input"
        />
        <DatePicker
          type="dateTime"
          aria-label={t('task.filter.startTime')}
          placeholder={t('task.filter.startTime')}
          value={values.start ?? undefined}
          onChange={(date) => set('start', asDate(date))}
          className="task-filter-input"
        />
        <DatePicker
          type="dateTime"
          aria-label={t('task.filter.endTime')}
          placeholder={t('task.filter.endTime')}
          value={values.end ?? undefined}
          onChange={(date) => set('end', asDate(date))}
          className="task-filter-input"
        />
        <Button type="primary" icon={<IconSearch />} onClick={onQuery} loading={loading}>
          {t('task.filter.query')}
        </Button>
      </Space>
    </div>
  );
}
