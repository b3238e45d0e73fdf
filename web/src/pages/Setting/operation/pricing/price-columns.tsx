import { Button, Popconfirm, Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { TFunction } from 'i18next';
import { formatUsd, outputPrice, ratioToInputPrice, ratioTagColor } from './price-math';
import type { PriceRow } from './price-maps';

interface ColumnOptions {
  t: TFunction;
  isMobile: boolean;
  onEdit(row: PriceRow): void;
  onDelete(row: PriceRow): void;
}

const none = <Typography.Text type="tertiary">-</Typography.Text>;

/** The visual editor's columns: stored values, prices derived from the ratios, row actions. */
export function priceColumns({ t, isMobile, onEdit, onDelete }: ColumnOptions) {
  const perMillion = (usd: number) => t('settingPricing.perMillion', { price: formatUsd(usd) });
  return [
    { title: t('settingPricing.column.name'), dataIndex: 'name' },
    {
      title: t('settingPricing.column.price'),
      dataIndex: 'price',
      render: (_: unknown, row: PriceRow) =>
        row.price !== undefined ? (
          t('settingPricing.perCall', { price: formatUsd(row.price) })
        ) : (
          <Typography.Text type="tertiary">{t('settingPricing.perToken')}</Typography.Text>
        ),
    },
    {
      title: t('settingPricing.column.ratio'),
      dataIndex: 'ratio',
      render: (_: unknown, row: PriceRow) =>
        row.ratio !== undefined ? <Tag color={ratioTagColor(row.ratio)}>{row.ratio}</Tag> : none,
    },
    {
      title: t('settingPricing.column.completionRatio'),
      dataIndex: 'completionRatio',
      render: (_: unknown, row: PriceRow) =>
        row.completionRatio !== undefined ? (
          row.completionRatio
        ) : row.price === undefined ? (
          <Typography.Text type="tertiary">{t('settingPricing.builtin')}</Typography.Text>
        ) : (
          none
        ),
    },
    {
      title: t('settingPricing.column.inputPrice'),
      dataIndex: 'inputPrice',
      render: (_: unknown, row: PriceRow) =>
        row.price === undefined && row.ratio !== undefined ? perMillion(ratioToInputPrice(row.ratio)) : none,
    },
    {
      title: t('settingPricing.column.outputPrice'),
      dataIndex: 'outputPrice',
      render: (_: unknown, row: PriceRow) =>
        row.price === undefined && row.ratio !== undefined && row.completionRatio !== undefined
          ? perMillion(outputPrice(row.ratio, row.completionRatio))
          : none,
    },
    {
      title: t('settingPricing.column.actions'),
      dataIndex: 'actions',
      // A pinned column would cover most of a phone's width, so it scrolls with the rest there.
      fixed: isMobile ? undefined : ('right' as const),
      render: (_: unknown, row: PriceRow) => (
        <Space>
          <Button
            size="small"
            onClick={() => onEdit(row)}
            aria-label={`${t('settingPricing.edit')} ${row.name}`}
          >
            {t('settingPricing.edit')}
          </Button>
          <Popconfirm
            title={t('settingPricing.deleteConfirm', { name: row.name })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => onDelete(row)}
          >
            <span>
              <Button size="small" type="danger" aria-label={`${t('settingPricing.delete')} ${row.name}`}>
                {t('settingPricing.delete')}
              </Button>
            </span>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
