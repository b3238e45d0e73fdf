import type { ColumnProps } from '@douyinfe/semi-ui-19/lib/es/table';
import { IconHelpCircle, IconTickCircle, IconUploadError } from '@douyinfe/semi-icons';
import { Space, Tag, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { QuotaType } from '@gateway/contract';
import type { TFunction } from 'i18next';
import { priceLines, type PriceDisplay, type PricingRow } from './pricing-rows';

export interface PricingColumnInputs {
  t: TFunction;
  group: string;
  groupRatio: Record<string, number>;
  usableGroups: string[];
  display: PriceDisplay;
  onCopyName(name: string): void;
  onViewGroup(group: string): void;
  onRatioHelp(): void;
}

/** The columns of spec 3 §2.3: availability, name, billing type, groups, ratios, price. */
export function pricingColumns(input: PricingColumnInputs): ColumnProps<PricingRow>[] {
  const { t } = input;
  const ratio = input.groupRatio[input.group] ?? 1;
  return [
    {
      title: t('pricing.column.available'),
      dataIndex: 'available',
      width: 90,
      render: (available: boolean) => (
        <Tooltip content={available ? t('pricing.available') : t('pricing.unavailable')}>
          <span data-testid={available ? 'model-available' : 'model-unavailable'}>
            {available ? (
              <IconTickCircle style={{ color: 'var(--semi-color-success)' }} />
            ) : (
              <IconUploadError style={{ color: 'var(--semi-color-danger)' }} />
            )}
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('pricing.column.model'),
      dataIndex: 'model_name',
      render: (name: string) => (
        <Tag color="green" size="large" className="pricing-model-name" onClick={() => input.onCopyName(name)}>
          {name}
        </Tag>
      ),
    },
    {
      title: t('pricing.column.billing'),
      dataIndex: 'quota_type',
      width: 110,
      render: (type: number) =>
        type === QuotaType.PerCall ? (
          <Tag color="teal">{t('pricing.perCall')}</Tag>
        ) : (
          <Tag color="violet">{t('pricing.perUsage')}</Tag>
        ),
    },
    {
      title: t('pricing.column.groups'),
      dataIndex: 'enable_groups',
      render: (groups: string[]) => (
        <Space wrap spacing={4}>
          {groups
            .filter((g) => input.usableGroups.includes(g))
            .map((g) => (
              <Tag
                key={g}
                color={g === input.group ? 'blue' : 'white'}
                className="pricing-group-tag"
                onClick={() => input.onViewGroup(g)}
              >
                {g}
              </Tag>
            ))}
        </Space>
      ),
    },
    {
      title: (
        <span className="pricing-ratio-title">
          {t('pricing.column.ratio')}
          <IconHelpCircle
            aria-label={t('pricing.ratioHelp')}
            role="button"
            className="pricing-ratio-help"
            onClick={input.onRatioHelp}
          />
        </span>
      ),
      dataIndex: 'model_ratio',
      render: (_: number, row: PricingRow) => (
        <div className="pricing-lines">
          {row.quota_type === QuotaType.PerUsage && (
            <>
              <Typography.Text>{t('pricing.modelRatio', { value: row.model_ratio })}</Typography.Text>
              <Typography.Text>
                {t('pricing.completionRatio', { value: row.completion_ratio })}
              </Typography.Text>
            </>
          )}
          <Typography.Text>{t('pricing.groupRatio', { value: ratio })}</Typography.Text>
        </div>
      ),
    },
    {
      title: t('pricing.column.price'),
      dataIndex: 'model_price',
      render: (_: number, row: PricingRow) => (
        <div className="pricing-lines">
          {priceLines(row, ratio, input.display).map((line) => (
            <Typography.Text key={line.kind}>
              {line.kind === 'perCall'
                ? t('pricing.perCallPrice', { amount: line.amount })
                : t(line.kind === 'input' ? 'pricing.inputPrice' : 'pricing.outputPrice', {
                    amount: line.amount,
                  })}
            </Typography.Text>
          ))}
        </div>
      ),
    },
  ];
}
