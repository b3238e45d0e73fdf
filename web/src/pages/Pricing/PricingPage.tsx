import { IconCopy, IconSearch } from '@douyinfe/semi-icons';
import { Banner, Button, Input, Modal, Select, Table, Toast, Typography } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePricingQuery } from '../../api/pricing-queries';
import { useSiteStatus } from '../../api/site-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { useStoredUser } from '../../session/stored-user';
import { pricingColumns } from './pricing-columns';
import { pricingRows, type PricingRow } from './pricing-rows';
import { useImeSearch } from './useImeSearch';
import './pricing.css';

/** /pricing: the public price list of spec 3 §2.3, for guests and signed-in users alike. */
export function PricingPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const status = useSiteStatus();
  const pricing = usePricingQuery();
  const search = useImeSearch();
  const [viewed, setViewed] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);

  const groupRatio = useMemo(() => pricing.data?.group_ratio ?? {}, [pricing.data]);
  const usableGroups = useMemo(() => Object.keys(pricing.data?.usable_group ?? {}), [pricing.data]);
  const ownGroup = user && user.group in groupRatio ? user.group : 'default';
  const group = viewed ?? ownGroup;
  const rows = useMemo(
    () => pricingRows(pricing.data?.data ?? [], group, search.query),
    [pricing.data, group, search.query],
  );

  const viewGroup = (g: string) => {
    setViewed(g);
    Toast.info(t('pricing.viewing', { group: g, ratio: groupRatio[g] ?? 1 }));
  };
  const columns = pricingColumns({
    t,
    group,
    groupRatio,
    usableGroups,
    display: { displayInCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit },
    onCopyName: (name) => void copyWithFeedback(name, t('pricing.copied', { text: name })),
    onViewGroup: viewGroup,
    onRatioHelp: () => setHelpOpen(true),
  });

  return (
    <section className="page-card pricing-page">
      <Typography.Title heading={4}>{t('pricing.title')}</Typography.Title>
      {user ? (
        <Banner
          type="info"
          fullMode={false}
          closeIcon={null}
          description={t('pricing.bannerUser', { group: ownGroup, ratio: groupRatio[ownGroup] ?? 1 })}
        />
      ) : (
        <Banner
          type="warning"
          fullMode={false}
          closeIcon={null}
          description={t('pricing.bannerGuest', { ratio: groupRatio.default ?? 1 })}
        />
      )}
      <Banner type="success" fullMode={false} closeIcon={null} description={t('pricing.formula')} />
      <div className="pricing-toolbar">
        <Input
          prefix={<IconSearch />}
          showClear
          placeholder={t('pricing.searchPlaceholder')}
          value={search.input}
          onChange={search.onChange}
          onCompositionStart={search.onCompositionStart}
          onCompositionEnd={search.onCompositionEnd}
          aria-label={t('pricing.searchPlaceholder')}
        />
        <Select
          value={group}
          onChange={(value) => viewGroup(String(value))}
          insetLabel={t('pricing.viewedGroup')}
          optionList={usableGroups.map((g) => ({ value: g, label: `${g} (${groupRatio[g] ?? 1})` }))}
        />
        <Button
          icon={<IconCopy />}
          disabled={selected.length === 0}
          onClick={() =>
            void copyWithFeedback(selected.join(','), t('pricing.copied', { text: selected.join(',') }))
          }
        >
          {t('pricing.copySelected')}
        </Button>
      </div>
      <Table<PricingRow>
        rowKey="model_name"
        columns={columns}
        dataSource={rows}
        loading={pricing.isLoading}
        scroll={{ x: 900 }}
        empty={t('pricing.empty')}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys ?? []).map(String)),
        }}
        pagination={{
          pageSize,
          pageSizeOpts: [...PAGE_SIZE_OPTIONS],
          showSizeChanger: true,
          onPageSizeChange: setPageSize,
        }}
      />
      <Modal
        title={t('pricing.ratioHelp')}
        visible={helpOpen}
        onCancel={() => setHelpOpen(false)}
        footer={null}
        width={720}
      >
        <img src="/ratio-help.svg" alt={t('pricing.ratioHelpAlt')} className="pricing-help-image" />
      </Modal>
    </section>
  );
}
