import { Table, Typography } from '@douyinfe/semi-ui-19';
import { PAGE_SIZE_OPTIONS, type Page, type RedemptionView } from '@gateway/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { RedemptionRowActions } from './RedemptionRowActions';
import { RedemptionStatusTag } from './RedemptionStatusTag';
import { formatUnixTime } from './unix-time';

interface Props {
  page: Page<RedemptionView> | undefined;
  loading: boolean;
  currentPage: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  selected: readonly RedemptionView[];
  onSelect(rows: RedemptionView[]): void;
  onEdit(code: RedemptionView): void;
}

/** The paged list of codes, with row selection for "copy selected". */
export function RedemptionTable(props: Props) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const isMobile = useIsMobile();
  const { onEdit } = props;

  const columns = useMemo(() => {
    const none = <Typography.Text type="tertiary">{t('redemption.none')}</Typography.Text>;
    return [
      { title: t('redemption.column.id'), dataIndex: 'id', width: 64 },
      { title: t('redemption.column.name'), dataIndex: 'name' },
      {
        title: t('redemption.column.status'),
        dataIndex: 'status',
        render: (status: number) => <RedemptionStatusTag status={status} />,
      },
      {
        title: t('redemption.column.quota'),
        dataIndex: 'quota',
        render: (quota: number) => formatQuota(quota),
      },
      {
        title: t('redemption.column.createdTime'),
        dataIndex: 'created_time',
        render: (time: number) => formatUnixTime(time),
      },
      {
        title: t('redemption.column.redeemer'),
        dataIndex: 'used_user_id',
        render: (userId: number) => (userId === 0 ? none : userId),
      },
      {
        title: t('redemption.column.redeemedTime'),
        dataIndex: 'redeemed_time',
        render: (time: number) => (time === 0 ? none : formatUnixTime(time)),
      },
      {
        title: t('redemption.column.actions'),
        dataIndex: 'actions',
        // Pinned on desktop: a table a little too wide scrolls, the buttons stay in reach. On a
        // phone a pinned column would cover the whole table, so there it scrolls with the rest.
        fixed: isMobile ? undefined : ('right' as const),
        render: (_: unknown, code: RedemptionView) => <RedemptionRowActions code={code} onEdit={onEdit} />,
      },
    ];
  }, [t, formatQuota, onEdit, isMobile]);

  return (
    <Table<RedemptionView>
      rowKey="id"
      className="redemption-table"
      columns={columns}
      dataSource={props.page?.items ?? []}
      loading={props.loading}
      size="small"
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: props.selected.map((row) => row.id),
        onChange: (_keys, rows) => props.onSelect((rows ?? []) as RedemptionView[]),
      }}
      pagination={{
        currentPage: props.currentPage,
        pageSize: props.pageSize,
        total: props.page?.total ?? 0,
        pageSizeOpts: [...PAGE_SIZE_OPTIONS],
        showSizeChanger: !isMobile,
        // "Showing 1-10 of 57" does not fit beside the pager on a phone.
        formatPageText: isMobile ? false : undefined,
        onPageChange: props.onPageChange,
        onPageSizeChange: props.onPageSizeChange,
      }}
    />
  );
}
