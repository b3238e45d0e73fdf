import { Space, Tag, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { LogType, type LogView } from '@gateway/contract';
import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table';
import type { TFunction } from 'i18next';
import type { ColumnChoice } from '../../components/table/persistent-columns';
import { formatUnixTime } from '../Token/date-time';
import { firstTokenColor, isUsageLog, parseLogOther, retryPath, durationColor } from './log-other';

/** The usage log's columns; channel, user and retry exist only for admins (document 2, section 6). */
export const LOG_COLUMN_KEYS = [
  'time',
  'channel',
  'user',
  'token',
  'group',
  'type',
  'model',
  'useTime',
  'prompt',
  'completion',
  'quota',
  'retry',
  'details',
] as const;
export type LogColumnKey = (typeof LOG_COLUMN_KEYS)[number];
const ADMIN_ONLY: ReadonlySet<LogColumnKey> = new Set(['channel', 'user', 'retry']);

/** The choices of the column settings dialog (kept under logs-table-columns). */
export function logColumnChoices(t: TFunction, admin: boolean): ColumnChoice[] {
  return LOG_COLUMN_KEYS.filter((key) => admin || !ADMIN_ONLY.has(key)).map((key) => ({
    key,
    title: t(`log.column.${key}`),
  }));
}

const TYPE_TAGS: Record<number, { color: 'cyan' | 'green' | 'orange' | 'purple' | 'grey'; text: string }> = {
  [LogType.Topup]: { color: 'cyan', text: 'log.type.topup' },
  [LogType.Consume]: { color: 'green', text: 'log.type.consume' },
  [LogType.Manage]: { color: 'orange', text: 'log.type.manage' },
  [LogType.System]: { color: 'purple', text: 'log.type.system' },
};

interface ColumnDeps {
  t: TFunction;
  admin: boolean;
  visible: Record<string, boolean>;
  formatQuota(quota: number, digits?: number): string;
  onCopyChannel(log: LogView): void;
  onCopyTokenName(log: LogView): void;
  onOpenUser(log: LogView): void;
}

export function logColumns(deps: ColumnDeps): ColumnProps<LogView>[] {
  const { t, admin, visible, formatQuota } = deps;
  const all: Array<ColumnProps<LogView> & { key: LogColumnKey }> = [
    {
      key: 'time',
      title: t('log.column.time'),
      dataIndex: 'created_at',
      render: (seconds: number) => <span className="log-time">{formatUnixTime(seconds)}</span>,
    },
    {
      key: 'channel',
      title: t('log.column.channel'),
      dataIndex: 'channel',
      render: (channel: number, log: LogView) =>
        isUsageLog(log) && channel ? (
          <Tooltip content={log.channel_name || String(channel)}>
            <span className="log-clickable" onClick={() => deps.onCopyChannel(log)}>
              <Tag color="blue">{channel}</Tag>
            </span>
          </Tooltip>
        ) : null,
    },
    {
      key: 'user',
      title: t('log.column.user'),
      dataIndex: 'username',
      render: (username: string, log: LogView) =>
        username ? (
          <span className="log-clickable" onClick={() => deps.onOpenUser(log)}>
            <Tag color="light-blue">{username}</Tag>
          </span>
        ) : null,
    },
    {
      key: 'token',
      title: t('log.column.token'),
      dataIndex: 'token_name',
      render: (name: string, log: LogView) =>
        isUsageLog(log) && name ? (
          <span className="log-clickable" onClick={() => deps.onCopyTokenName(log)}>
            <Tag color="grey">{name}</Tag>
          </span>
        ) : null,
    },
    {
      key: 'group',
      title: t('log.column.group'),
      dataIndex: 'group',
      render: (group: string, log: LogView) => (isUsageLog(log) && group ? <Tag>{group}</Tag> : null),
    },
    {
      key: 'type',
      title: t('log.column.type'),
      dataIndex: 'type',
      render: (type: number) => {
        const tag = TYPE_TAGS[type] ?? { color: 'grey', text: 'log.type.unknown' };
        return <Tag color={tag.color}>{t(tag.text)}</Tag>;
      },
    },
    {
      key: 'model',
      title: t('log.column.model'),
      dataIndex: 'model_name',
      render: (model: string, log: LogView) => {
        if (!isUsageLog(log) || !model) return null;
        const other = parseLogOther(log.other);
        const upstream = other?.is_model_mapped ? other.upstream_model_name : undefined;
        return (
          <Space spacing={2} wrap>
            <Tag color="white">{model}</Tag>
            {upstream && (
              <Tooltip content={t('log.mappedHint', { requested: model, upstream })}>
                <span data-testid={`log-mapped-${log.id}`}>
                  <Tag color="amber">{t('log.mappedTag')}</Tag>
                </span>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    {
      key: 'useTime',
      title: t('log.column.useTime'),
      dataIndex: 'use_time',
      render: (seconds: number, log: LogView) => {
        if (!isUsageLog(log)) return null;
        const frt = parseLogOther(log.other)?.frt;
        return (
          <Space spacing={2} wrap>
            <Tag color={durationColor(seconds)} data-testid={`log-use-time-${log.id}`}>
              {t('log.seconds', { value: seconds })}
            </Tag>
            {log.is_stream && typeof frt === 'number' && (
              <Tag color={firstTokenColor(frt)} data-testid={`log-frt-${log.id}`}>
                {t('log.seconds', { value: (frt / 1000).toFixed(1) })}
              </Tag>
            )}
            <Tag color={log.is_stream ? 'blue' : 'purple'}>
              {log.is_stream ? t('log.stream') : t('log.nonStream')}
            </Tag>
          </Space>
        );
      },
    },
    {
      key: 'prompt',
      title: t('log.column.prompt'),
      dataIndex: 'prompt_tokens',
      render: (tokens: number, log: LogView) => (isUsageLog(log) ? tokens : null),
    },
    {
      key: 'completion',
      title: t('log.column.completion'),
      dataIndex: 'completion_tokens',
      render: (tokens: number, log: LogView) => (isUsageLog(log) ? tokens : null),
    },
    {
      key: 'quota',
      title: t('log.column.quota'),
      dataIndex: 'quota',
      render: (quota: number, log: LogView) => (isUsageLog(log) ? formatQuota(quota, 6) : null),
    },
    {
      key: 'retry',
      title: t('log.column.retry'),
      dataIndex: 'other',
      render: (raw: string, log: LogView) => {
        const path = isUsageLog(log) ? retryPath(parseLogOther(raw)) : null;
        return path ? t('log.retryPath', { path }) : null;
      },
    },
    {
      key: 'details',
      title: t('log.column.details'),
      dataIndex: 'content',
      width: 260,
      render: (content: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, showTooltip: { type: 'popover' } }}
          className="log-content"
        >
          {content}
        </Typography.Paragraph>
      ),
    },
  ];
  return all.filter((column) => (admin || !ADMIN_ONLY.has(column.key)) && visible[column.key] !== false);
}
