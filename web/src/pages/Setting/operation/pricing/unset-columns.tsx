import { Input } from '@douyinfe/semi-ui-19';
import type { TFunction } from 'i18next';
import { entryOf, type UnsetDraft, type UnsetField } from './unset-models';

interface ColumnOptions {
  t: TFunction;
  entries: UnsetDraft;
  onEdit(name: string, field: UnsetField, text: string): void;
}

/** Name plus three inline boxes; a fixed price disables the ratio boxes (spec 2 §5). */
export function unsetColumns({ t, entries, onEdit }: ColumnOptions) {
  const box = (field: UnsetField, title: string, placeholder: string) => ({
    title,
    dataIndex: field,
    render: (_: unknown, row: { name: string }) => {
      const entry = entryOf(entries, row.name);
      return (
        <Input
          size="small"
          className="pricing-inline-input"
          value={entry[field]}
          placeholder={placeholder}
          inputMode="decimal"
          aria-label={`${title} ${row.name}`}
          disabled={field !== 'price' && entry.price.trim() !== ''}
          onChange={(text) => onEdit(row.name, field, text)}
        />
      );
    },
  });
  return [
    { title: t('settingPricing.column.name'), dataIndex: 'name' },
    box('price', t('settingPricing.column.price'), t('settingPricing.unset.pricePlaceholder')),
    box('ratio', t('settingPricing.column.ratio'), t('settingPricing.unset.ratioPlaceholder')),
    box(
      'completionRatio',
      t('settingPricing.column.completionRatio'),
      t('settingPricing.unset.completionPlaceholder'),
    ),
  ];
}
