import { Table, Typography } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type LogView } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogStatQuery, useLogsQuery } from '../../api/log-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { ColumnSettingsButton } from '../../components/table/ColumnSettingsButton';
import { usePersistentColumns, usePersistentNumber } from '../../components/table/persistent-columns';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { LogDetails } from './LogDetails';
import { LogFilters } from './LogFilters';
import { LogStats } from './LogStats';
import { LogUserModal, type LogUserRef } from './LogUserModal';
import { logColumnChoices, logColumns } from './log-columns';
import { defaultLogFilters, toLogQuery } from './log-filters';

export const LOG_COLUMNS_KEY = 'logs-table-columns';
export const LOG_PAGE_SIZE_KEY = 'log-page-size';

/** /log: usage logs with filters, totals and expandable details (document 2, section 2.6). */
export function LogPage() {
  const { t } = useTranslation();
  const admin = isAdmin(useStoredUser());
  const formatQuota = useQuotaFormatter();
  const [draft, setDraft] = useState(() => defaultLogFilters());
  const [query, setQuery] = useState(() => toLogQuery(draft, admin));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePersistentNumber(
    LOG_PAGE_SIZE_KEY,
    DEFAULT_PAGE_SIZE,
    PAGE_SIZE_OPTIONS,
  );
  const [userPopup, setUserPopup] = useState<LogUserRef | null>(null);

  const choices = useMemo(() => logColumnChoices(t, admin), [t, admin]);
  const columnSettings = usePersistentColumns(LOG_COLUMNS_KEY, choices);
  const logs = useLogsQuery(admin, query, page, pageSize);
  const stat = useLogStatQuery(admin, query);

  const columns = useMemo(
    () =>
      logColumns({
        t,
        admin,
        visible: columnSettings.visible,
        formatQuota,
        onCopyChannel: (log) =>
          void copyWithFeedback(String(log.channel), t('log.channelCopied', { id: log.channel })),
        onCopyTokenName: (log) =>
          void copyWithFeedback(log.token_name, t('log.tokenCopied', { name: log.token_name })),
        onOpenUser: (log) => setUserPopup({ id: log.user_id, username: log.username }),
      }),
    [t, admin, columnSettings.visible, formatQuota],
  );

  const runQuery = (values = draft) => {
    setPage(1);
    setQuery(toLogQuery(values, admin));
  };

  return (
    <section className="page-card log-page">
      <div className="page-heading log-heading">
        <Typography.Title heading={4}>{t('log.title')}</Typography.Title>
        <ColumnSettingsButton
          choices={choices}
          visible={columnSettings.visible}
          onSave={columnSettings.save}
          onReset={columnSettings.reset}
        />
      </div>
      <LogStats stat={stat.data} />
      <LogFilters
        values={draft}
        admin={admin}
        loading={logs.isFetching}
        onChange={setDraft}
        onQuery={() => runQuery()}
        onReset={() => {
          const fresh = defaultLogFilters();
          setDraft(fresh);
          runQuery(fresh);
        }}
      />
      <Table<LogView>
        rowKey="id"
        columns={columns}
        dataSource={logs.data?.items ?? []}
        loading={logs.isPending}
        empty={t('log.empty')}
        scroll={{ x: 'max-content' }}
        expandedRowRender={(log) => (log ? <LogDetails log={log} admin={admin} /> : null)}
        rowExpandable={(log) => Boolean(log && (log.other || log.content))}
        pagination={{
          currentPage: page,
          pageSize,
          total: logs.data?.total ?? 0,
          pageSizeOpts: [...PAGE_SIZE_OPTIONS],
          showSizeChanger: true,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
      />
      <LogUserModal user={userPopup} onClose={() => setUserPopup(null)} />
    </section>
  );
}
