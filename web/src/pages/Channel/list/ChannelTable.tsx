import { Table } from '@douyinfe/semi-ui-19';
import { PAGE_SIZE_OPTIONS } from '@gateway/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaFormatter } from '../../../quota/useQuotaFormatter';
import type { ListRow } from '../tag-rows';
import { channelColumns } from './channel-columns';
import type { RowDialogs } from './RowActions';
import type { ChannelActions } from './use-channel-actions';

interface Props {
  rows: ListRow[];
  loading: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
  selectedKeys: (string | number)[];
  onSelect(keys: (string | number)[]): void;
  visibleColumns: Record<string, boolean>;
  actions: ChannelActions;
  dialogs: RowDialogs;
}

/** The paged channel table; in tag mode tag rows expand to their channels. */
export function ChannelTable(props: Props) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const { actions, dialogs, visibleColumns } = props;
  const columns = useMemo(
    () => channelColumns({ t, formatQuota, actions, dialogs }, visibleColumns),
    [t, formatQuota, actions, dialogs, visibleColumns],
  );

  return (
    <Table<ListRow>
      className="channel-table"
      columns={columns}
      dataSource={props.rows}
      rowKey="key"
      loading={props.loading}
      size="small"
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: props.selectedKeys,
        onChange: (keys) => props.onSelect([...(keys ?? [])]),
      }}
      pagination={{
        currentPage: props.page,
        pageSize: props.pageSize,
        total: props.total,
        pageSizeOpts: [...PAGE_SIZE_OPTIONS],
        showSizeChanger: true,
        onPageChange: props.onPage,
        onPageSizeChange: props.onPageSize,
      }}
    />
  );
}
