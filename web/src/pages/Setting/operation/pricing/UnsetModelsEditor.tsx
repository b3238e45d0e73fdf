import { Button, Input, Space, Table, Toast, Typography } from '@douyinfe/semi-ui-19';
import { IconPlus, IconSearch } from '@douyinfe/semi-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchFillDialog } from './BatchFillDialog';
import {
  buildPriceRows,
  filterRows,
  pageOf,
  unsetModelNames,
  type PriceMaps,
  type Pricing,
} from './price-maps';
import { PriceRowDialog } from './PriceRowDialog';
import { useEnabledModelsQuery } from './pricing-api';
import { unsetColumns } from './unset-columns';
import {
  applyUnsetDraft,
  batchFill,
  editEntry,
  seedDraft,
  type BatchInput,
  type UnsetDraft,
  type UnsetField,
} from './unset-models';
import { useDraft } from './useDraft';
import { PRICE_PAGE_SIZE } from './VisualPriceEditor';

interface Props {
  maps: PriceMaps;
  saving: boolean;
  onSave(maps: PriceMaps): void;
}

interface Draft {
  /** Models added by hand that no channel serves yet, listed first. */
  added: string[];
  entries: UnsetDraft;
  selected: string[];
}

/** Enabled models without a price or ratio, priced inline or in batches (spec 2 §2.1, §5). */
export function UnsetModelsEditor({ maps, saving, onSave }: Props) {
  const { t } = useTranslation();
  const enabled = useEnabledModelsQuery();
  const source = useMemo(
    () => ({ maps, names: unsetModelNames(enabled.data ?? [], maps) }),
    [maps, enabled.data],
  );
  const [draft, setDraft] = useDraft(source, (s): Draft => ({
    added: [],
    entries: seedDraft(s.names, s.maps),
    selected: [],
  }));
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'add' | 'batch' | null>(null);

  useEffect(() => {
    if (enabled.isError) Toast.error(t('settingPricing.unset.loadFailed'));
  }, [enabled.isError, t]);

  const rows = useMemo(
    () => [...draft.added, ...source.names].map((name) => ({ name })),
    [draft.added, source.names],
  );
  const shown = useMemo(() => filterRows(rows, keyword), [rows, keyword]);
  const visible = pageOf(shown, page, PRICE_PAGE_SIZE);
  const taken = useMemo(
    () => new Set([...buildPriceRows(maps).map((r) => r.name), ...rows.map((r) => r.name)]),
    [maps, rows],
  );

  const columns = useMemo(
    () =>
      unsetColumns({
        t,
        entries: draft.entries,
        onEdit: (name: string, field: UnsetField, text: string) => {
          const entries = editEntry(draft.entries, name, field, text);
          if (entries) setDraft({ ...draft, entries });
          else Toast.error(t('settingPricing.problem.notNumber'));
        },
      }),
    [t, draft, setDraft],
  );

  const openBatch = () => {
    if (draft.selected.length === 0) Toast.error(t('settingPricing.batch.needSelection'));
    else setDialog('batch');
  };

  const applyBatch = (input: BatchInput) => {
    const result = batchFill(draft.entries, draft.selected, input);
    if ('problem' in result) {
      Toast.error(t(`settingPricing.batch.${result.problem}`));
      return false;
    }
    setDraft({ ...draft, entries: result.draft });
    setDialog(null);
    Toast.success(
      t('settingPricing.batch.done', {
        count: draft.selected.length,
        type: t(`settingPricing.batch.${input.type}`),
      }),
    );
    return true;
  };

  const add = (name: string, pricing: Pricing) => {
    const entry =
      pricing.mode === 'request'
        ? { price: String(pricing.price), ratio: '', completionRatio: '' }
        : {
            price: '',
            ratio: String(pricing.ratio),
            completionRatio: pricing.completionRatio === undefined ? '' : String(pricing.completionRatio),
          };
    setDraft({ ...draft, added: [name, ...draft.added], entries: { ...draft.entries, [name]: entry } });
    setDialog(null);
    setKeyword('');
    setPage(1);
    Toast.success(t('settingPricing.added'));
  };

  return (
    <div className="pricing-unset">
      <Typography.Paragraph type="tertiary" className="pricing-hint">
        {t('settingPricing.unset.hint')}
      </Typography.Paragraph>
      <Space wrap className="pricing-toolbar">
        <Button icon={<IconPlus />} onClick={() => setDialog('add')}>
          {t('settingPricing.addModel')}
        </Button>
        <Button onClick={openBatch}>
          {t('settingPricing.unset.batch')} ({draft.selected.length})
        </Button>
        <Button
          type="primary"
          theme="solid"
          loading={saving}
          onClick={() => onSave(applyUnsetDraft(maps, draft.entries))}
        >
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
      </Space>
      <Table<{ name: string }>
        rowKey="name"
        className="pricing-table pricing-unset-table"
        size="small"
        columns={columns}
        dataSource={visible.rows}
        loading={enabled.isLoading}
        scroll={{ x: 'max-content' }}
        empty={enabled.isError ? t('settingPricing.unset.loadFailed') : t('settingPricing.unset.empty')}
        rowSelection={{
          selectedRowKeys: draft.selected,
          onChange: (keys) => setDraft({ ...draft, selected: (keys ?? []).map(String) }),
        }}
        pagination={{
          currentPage: visible.page,
          pageSize: PRICE_PAGE_SIZE,
          total: shown.length,
          onPageChange: setPage,
        }}
      />
      {dialog === 'add' ? (
        <PriceRowDialog row={null} taken={taken} onSubmit={add} onCancel={() => setDialog(null)} />
      ) : null}
      {dialog === 'batch' ? (
        <BatchFillDialog
          count={draft.selected.length}
          onApply={applyBatch}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
