import { Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table/interface';
import type { TFunction } from 'i18next';
import type { ColumnChoice } from '../../../components/table/persistent-columns';
import { commaList } from '../channel-display';
import type { ListRow } from '../tag-rows';
import { BalanceTag, GroupTags, ResponseTimeTag, StatusTag, TagStatusTag, TypeTag } from './cells';
import { InlineNumber } from './InlineNumber';
import { ChannelRowActions, TagRowActions, type RowDialogs } from './RowActions';
import type { ChannelActions } from './use-channel-actions';

/** Column keys, in display order; also the keys saved under `channels-table-columns`. */
export const CHANNEL_COLUMN_KEYS = [
  'id',
  'name',
  'group',
  'type',
  'status',
  'responseTime',
  'balance',
  'usedQuota',
  'priority',
  'weight',
  'tag',
  'actions',
] as const;
export type ChannelColumnKey = (typeof CHANNEL_COLUMN_KEYS)[number];

export function channelColumnChoices(t: TFunction): ColumnChoice[] {
  return CHANNEL_COLUMN_KEYS.map((key) => ({
    key,
    title: t(`channels.col.${key}`),
    locked: key === 'actions',
  }));
}

interface Deps {
  t: TFunction;
  formatQuota(quota: number): string;
  actions: ChannelActions;
  dialogs: RowDialogs;
}

type Render = (row: ListRow) => React.ReactNode;

/** Each column's cell for a channel row and for a tag row (tag-aggregation mode). */
function cellRenderers({ t, formatQuota, actions, dialogs }: Deps): Record<ChannelColumnKey, Render> {
  return {
    id: (row) => (row.kind === 'channel' ? row.id : null),
    name: (row) =>
      row.kind === 'channel' ? (
        <Typography.Text className="channel-name">{row.name}</Typography.Text>
      ) : (
        <Space spacing={6}>
          <Tag color="violet">{row.tag}</Tag>
          <Typography.Text type="tertiary" size="small">
            {t('channels.tagRow.count', { count: row.children.length })}
          </Typography.Text>
        </Space>
      ),
    group: (row) => <GroupTags groups={row.kind === 'channel' ? commaList(row.group) : row.groups} />,
    type: (row) =>
      row.kind === 'channel' ? (
        <TypeTag type={row.type} />
      ) : (
        <Space spacing={4} wrap>
          {row.types.map((type) => (
            <TypeTag key={type} type={type} />
          ))}
        </Space>
      ),
    status: (row) => (row.kind === 'channel' ? <StatusTag channel={row} /> : <TagStatusTag row={row} />),
    responseTime: (row) =>
      row.kind === 'channel' ? (
        <ResponseTimeTag channel={row} onTest={() => actions.test(row).then(() => undefined)} />
      ) : null,
    balance: (row) =>
      row.kind === 'channel' ? (
        <BalanceTag channel={row} onUpdate={() => actions.updateBalance(row).then(() => undefined)} />
      ) : null,
    usedQuota: (row) => formatQuota(row.used_quota),
    priority: (row) =>
      row.kind === 'channel' ? (
        <InlineNumber
          value={row.priority}
          label={`${t('channels.col.priority')} #${row.id}`}
          onCommit={(text) => actions.savePriority(row, text)}
        />
      ) : (
        <InlineNumber
          value={row.priority}
          label={`${t('channels.col.priority')} ${row.tag}`}
          placeholder={t('channels.tagRow.mixed')}
          onCommit={(text) => actions.saveTagPriority(row.tag, text)}
        />
      ),
    weight: (row) =>
      row.kind === 'channel' ? (
        <InlineNumber
          value={row.weight}
          label={`${t('channels.col.weight')} #${row.id}`}
          onCommit={(text) => actions.saveWeight(row, text)}
        />
      ) : (
        <InlineNumber
          value={row.weight}
          label={`${t('channels.col.weight')} ${row.tag}`}
          placeholder={t('channels.tagRow.mixed')}
          onCommit={(text) => actions.saveTagWeight(row.tag, text)}
        />
      ),
    tag: (row) => (row.kind === 'channel' && row.tag ? <Tag color="violet">{row.tag}</Tag> : null),
    actions: (row) =>
      row.kind === 'channel' ? (
        <ChannelRowActions channel={row} actions={actions} dialogs={dialogs} />
      ) : (
        <TagRowActions row={row} actions={actions} dialogs={dialogs} />
      ),
  };
}

/** Fixed widths where the content is known (the rest size to their content). */
const WIDTHS: Partial<Record<ChannelColumnKey, number>> = {
  id: 70,
  priority: 80,
  weight: 80,
};

/** The visible columns of the channel table. */
export function channelColumns(deps: Deps, visible: Record<string, boolean>): ColumnProps<ListRow>[] {
  const render = cellRenderers(deps);
  return CHANNEL_COLUMN_KEYS.filter((key) => visible[key]).map((key) => ({
    key,
    dataIndex: key,
    title: deps.t(`channels.col.${key}`),
    width: WIDTHS[key],
    fixed: key === 'actions' ? ('right' as const) : undefined,
    render: (_: unknown, row: ListRow) => render[key](row),
  }));
}
