import { Banner, Button, Input, Space, Table, Toast, Typography } from '@douyinfe/semi-ui-19';
import { IconPlus, IconSearch } from '@douyinfe/semi-icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type TokenView } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTokensQuery } from '../../api/token-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { usePersistentNumber } from '../../components/table/persistent-columns';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { TokenEditDrawer } from './TokenEditDrawer';
import { tokenColumns } from './token-columns';
import { fullKey, keysForClipboard } from './token-display';

export const TOKEN_PAGE_SIZE_KEY = 'token-page-size';

/** /token: the user's API keys (document 2, section 2.3). */
export function TokenPage() {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const [pageSize, setPageSize] = usePersistentNumber(
    TOKEN_PAGE_SIZE_KEY,
    DEFAULT_PAGE_SIZE,
    PAGE_SIZE_OPTIONS,
  );
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState({ keyword: '', key: '' });
  const [search, setSearch] = useState(draft);
  const [selected, setSelected] = useState<TokenView[]>([]);
  const [drawer, setDrawer] = useState<{ visible: boolean; token: TokenView | null }>({
    visible: false,
    token: null,
  });

  const tokens = useTokensQuery({ ...search, page, pageSize });

  const columns = useMemo(
    () =>
      tokenColumns({
        t,
        formatQuota: (quota) => formatQuota(quota),
        onCopyKey: (token) => void copyWithFeedback(fullKey(token.key), t('token.copied')),
        onEdit: (token) => setDrawer({ visible: true, token }),
      }),
    [t, formatQuota],
  );

  const copySelected = () => {
    if (selected.length === 0) {
      Toast.warning(t('token.selectAtLeastOne'));
      return;
    }
    void copyWithFeedback(keysForClipboard(selected), t('token.copied'));
  };

  const runSearch = () => {
    setPage(1);
    setSearch({ keyword: draft.keyword.trim(), key: draft.key.trim() });
  };

  return (
    <section className="page-card token-page">
      <div className="page-heading">
        <Typography.Title heading={4}>{t('token.title')}</Typography.Title>
      </div>
      <Banner type="warning" fullMode={false} closeIcon={null} description={t('token.warning')} />
      <div className="token-toolbar">
        <Space wrap>
          <Button theme="solid" icon={<IconPlus />} onClick={() => setDrawer({ visible: true, token: null })}>
            {t('token.add')}
          </Button>
          <Button onClick={copySelected}>{t('token.copySelected')}</Button>
        </Space>
        <Space wrap>
          <Input
            aria-label={t('token.searchName')}
            placeholder={t('token.searchName')}
            prefix={<IconSearch />}
            value={draft.keyword}
            onChange={(keyword) => setDraft({ ...draft, keyword })}
            onEnterPress={runSearch}
            showClear
            className="token-search-input"
          />
          <Input
            aria-label={t('token.searchKey')}
            placeholder={t('token.searchKey')}
            value={draft.key}
            onChange={(key) => setDraft({ ...draft, key })}
            onEnterPress={runSearch}
            showClear
            className="token-search-input"
          />
          <Button type="primary" onClick={runSearch} loading={tokens.isFetching}>
            {t('token.search')}
          </Button>
        </Space>
      </div>
      <Table<TokenView>
        rowKey="id"
        columns={columns}
        dataSource={tokens.data?.items ?? []}
        loading={tokens.isPending}
        empty={t('token.empty')}
        scroll={{ x: 1400 }}
        rowSelection={{
          selectedRowKeys: selected.map((token) => token.id),
          onChange: (_keys, rows) => setSelected((rows ?? []) as TokenView[]),
        }}
        pagination={{
          currentPage: page,
          pageSize,
          total: tokens.data?.total ?? 0,
          pageSizeOpts: [...PAGE_SIZE_OPTIONS],
          showSizeChanger: true,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
      />
      <TokenEditDrawer
        visible={drawer.visible}
        token={drawer.token}
        onClose={() => setDrawer({ visible: false, token: drawer.token })}
      />
    </section>
  );
}
