import { Button, Input, Space, Table, Tag, Toast } from '@douyinfe/semi-ui-19';
import { IconPlus, IconSearch } from '@douyinfe/semi-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../../app/layout/useIsMobile';
import { priceColumns } from './price-columns';
import {
  applyPricing,
  buildPriceRows,
  filterRows,
  pageOf,
  removePricing,
  sameJson,
  type PriceMaps,
  type PriceRow,
  type Pricing,
} from './price-maps';
import { PriceRowDialog } from './PriceRowDialog';
import { useDraft } from './useDraft';

export const PRICE_PAGE_SIZE = 10;

interface Props {
  maps: PriceMaps;
  saving: boolean;
  onSave(maps: PriceMaps): void;
}

type DialogState = { row: PriceRow | null } | null;

/**
 * Every priced model in a paged table (spec 2 §2.1 visual editor). Edits stay local until
 * "应用更改", which saves the tables that changed.
 */
export function VisualPriceEditor({ maps, saving, onSave }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [draft, setDraft] = useDraft(maps, (m) => m);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>(null);

  const rows = useMemo(() => buildPriceRows(draft), [draft]);
  const shown = useMemo(() => filterRows(rows, keyword), [rows, keyword]);
  const visible = pageOf(shown, page, PRICE_PAGE_SIZE);
  const taken = useMemo(() => new Set(rows.map((r) => r.name)), [rows]);
  const dirty = !sameJson(draft, maps);

  const columns = useMemo(
    () =>
      priceColumns({
        t,
        isMobile,
        onEdit: (row) => setDialog({ row }),
        onDelete: (row) => {
          setDraft((prev) => removePricing(prev, row.name));
          Toast.info(t('settingPricing.deleted'));
        },
      }),
    [t, isMobile, setDraft],
  );

  const submit = (name: string, pricing: Pricing) => {
    const isNew = dialog?.row === null;
    const next = applyPricing(draft, name, pricing);
    setDraft(next);
    setDialog(null);
    if (isNew) {
      // Show the page the new model landed on, so the operator sees it among hundreds.
      setKeyword('');
      const index = buildPriceRows(next).findIndex((r) => r.name === name);
      setPage(Math.floor(index / PRICE_PAGE_SIZE) + 1);
    }
    Toast.success(t(isNew ? 'settingPricing.added' : 'settingPricing.updated'));
  };

  return (
    <div className="pricing-visual">
      <Space wrap className="pricing-toolbar">
        <Button icon={<IconPlus />} onClick={() => setDialog({ row: null })}>
          {t('settingPricing.addModel')}
        </Button>
        <Button type="primary" theme="solid" loading={saving} onClick={() => onSave(draft)}>
          {t('settingPricing.apply')}
        </Button>
        <Input
          prefix={<IconSearch />}
          placeholder={t('settingPricing.search')}
          aria-label={t('settingPricing.search')}
          value={keyword}
          showClear
          onChange={(value) => {
            setKeyword(value);
            setPage(1);
          }}
          className="pricing-search"
        />
        {dirty ? <Tag color="amber">{t('settingPricing.unsaved')}</Tag> : null}
      </Space>
      <Table<PriceRow>
        rowKey="name"
        className="pricing-table"
        size="small"
        columns={columns}
        dataSource={visible.rows}
        scroll={{ x: 'max-content' }}
        empty={t('settingPricing.noPriced')}
        pagination={{
          currentPage: visible.page,
          pageSize: PRICE_PAGE_SIZE,
          total: shown.length,
          onPageChange: setPage,
        }}
      />
      {dialog ? (
        <PriceRowDialog row={dialog.row} taken={taken} onSubmit={submit} onCancel={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
