import { IconCopy, IconPlus, IconSearch } from '@douyinfe/semi-icons';
import { Button, Input, Toast, Typography } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type RedemptionView } from '@gateway/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRedemptionsQuery } from '../../api/redemption-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { usePersistentNumber } from '../../components/table/persistent-columns';
import { GeneratedKeysModal, type GeneratedBatch } from './GeneratedKeysModal';
import { RedemptionDrawer, type DrawerTarget } from './RedemptionDrawer';
import { RedemptionTable } from './RedemptionTable';
import './redemption.css';

export const REDEMPTION_PAGE_SIZE_KEY = 'redemptions-page-size';

/** /redemption (admin): search, list, create/edit, copy, enable/disable, delete (document 2, 2.4). */
export function RedemptionPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePersistentNumber(
    REDEMPTION_PAGE_SIZE_KEY,
    DEFAULT_PAGE_SIZE,
    PAGE_SIZE_OPTIONS,
  );
  const [selected, setSelected] = useState<RedemptionView[]>([]);
  const [drawer, setDrawer] = useState<DrawerTarget>(null);
  const [batch, setBatch] = useState<GeneratedBatch | null>(null);
  const list = useRedemptionsQuery({ keyword, page, pageSize });

  // Deleting the last code of the last page would leave an empty page: step back instead.
  const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  if (list.data && !list.isPlaceholderData && page > lastPage) setPage(lastPage);

  const goTo = (nextPage: number) => {
    setPage(nextPage);
    setSelected([]);
  };
  const search = () => {
    setKeyword(searchText.trim());
    goTo(1);
  };
  const copySelected = () => {
    if (selected.length === 0) {
      Toast.error(t('redemption.noneSelected'));
      return;
    }
    void copyWithFeedback(selected.map((code) => code.key).join('\n'), t('redemption.copied'));
  };
  const edit = useCallback((code: RedemptionView) => setDrawer({ mode: 'edit', id: code.id }), []);

  return (
    <section className="page-card redemption-page">
      <div className="page-heading">
        <Typography.Title heading={4}>{t('redemption.title')}</Typography.Title>
      </div>
      <div className="redemption-toolbar">
        <div className="redemption-search">
          <Input
            prefix={<IconSearch />}
            value={searchText}
            onChange={setSearchText}
            onEnterPress={search}
            placeholder={t('redemption.searchPlaceholder')}
            aria-label={t('redemption.searchPlaceholder')}
            showClear
          />
          <Button onClick={search}>{t('redemption.search')}</Button>
        </div>
        <div className="redemption-actions">
          <Button theme="solid" icon={<IconPlus />} onClick={() => setDrawer({ mode: 'create' })}>
            {t('redemption.add')}
          </Button>
          <Button icon={<IconCopy />} onClick={copySelected}>
            {t('redemption.copySelected')}
          </Button>
        </div>
      </div>
      <RedemptionTable
        page={list.data}
        loading={list.isFetching}
        currentPage={page}
        pageSize={pageSize}
        onPageChange={goTo}
        onPageSizeChange={(size) => {
          setPageSize(size);
          goTo(1);
        }}
        selected={selected}
        onSelect={setSelected}
        onEdit={edit}
      />
      <RedemptionDrawer
        target={drawer}
        onClose={() => setDrawer(null)}
        onCreated={(keys, name) => setBatch({ keys, name })}
      />
      <GeneratedKeysModal batch={batch} onClose={() => setBatch(null)} />
    </section>
  );
}
