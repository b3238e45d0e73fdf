import { IconRefresh } from '@douyinfe/semi-icons';
import { Button, Table, Tag, Typography } from '@douyinfe/semi-ui-19';
import { TopUpStatus, type TopUpView } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyTopUpsQuery } from '../../api/topup-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { formatUnixTime } from '../Redemption/unix-time';

/** A short list: the wallet shows recent orders, the usage log keeps the full history. */
const ORDERS_PAGE_SIZE = 5;

const METHOD_LABELS: Record<string, string> = {
  alipay: 'wallet.online.alipay',
  wxpay: 'wallet.online.wechat',
};

/** The caller's own online top-up orders: pending until the gateway reports the payment. */
export function TopUpOrders() {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const [page, setPage] = useState(1);
  const orders = useMyTopUpsQuery(page, ORDERS_PAGE_SIZE);

  const columns = useMemo(
    () => [
      {
        title: t('wallet.orders.tradeNo'),
        dataIndex: 'trade_no',
        render: (tradeNo: string) => <Typography.Text copyable>{tradeNo}</Typography.Text>,
      },
      {
        title: t('wallet.orders.quota'),
        dataIndex: 'quota',
        render: (quota: number) => formatQuota(quota),
      },
      {
        title: t('wallet.orders.money'),
        dataIndex: 'money',
        render: (money: number) => `¥${money.toFixed(2)}`,
      },
      {
        title: t('wallet.orders.method'),
        dataIndex: 'payment_method',
        render: (method: string) => (METHOD_LABELS[method] ? t(METHOD_LABELS[method]) : method),
      },
      {
        title: t('wallet.orders.status'),
        dataIndex: 'status',
        render: (status: string) =>
          status === TopUpStatus.Success ? (
            <Tag color="green">{t('wallet.orders.success')}</Tag>
          ) : (
            <Tag color="orange">{t('wallet.orders.pending')}</Tag>
          ),
      },
      {
        title: t('wallet.orders.createdTime'),
        dataIndex: 'create_time',
        render: (time: number) => formatUnixTime(time),
      },
    ],
    [t, formatQuota],
  );

  return (
    <section className="page-card wallet-card">
      <div className="wallet-card-heading">
        <Typography.Title heading={5}>{t('wallet.orders.title')}</Typography.Title>
        <Button
          icon={<IconRefresh />}
          theme="borderless"
          loading={orders.isFetching}
          onClick={() => void orders.refetch()}
        >
          {t('wallet.orders.refresh')}
        </Button>
      </div>
      <Table<TopUpView>
        rowKey="id"
        className="wallet-orders-table"
        size="small"
        columns={columns}
        dataSource={orders.data?.items ?? []}
        loading={orders.isPending}
        scroll={{ x: 'max-content' }}
        empty={t('wallet.orders.empty')}
        pagination={
          (orders.data?.total ?? 0) > ORDERS_PAGE_SIZE && {
            currentPage: page,
            pageSize: ORDERS_PAGE_SIZE,
            total: orders.data?.total ?? 0,
            onPageChange: setPage,
          }
        }
      />
    </section>
  );
}
