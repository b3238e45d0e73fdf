import { Toast, Typography } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type ChannelView } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { copyChannel } from '../../api/channel-actions';
import { ApiRequestError } from '../../api/http-client';
import { useChannelPageQuery, useGroupsQuery, useRefreshChannels } from '../../api/channel-queries';
import { ColumnSettingsButton } from '../../components/table/ColumnSettingsButton';
import {
  usePersistentColumns,
  usePersistentFlag,
  usePersistentNumber,
} from '../../components/table/persistent-columns';
import { BatchTagModal } from './dialogs/BatchTagModal';
import { ModelTestModal } from './dialogs/ModelTestModal';
import { TagEditModal } from './dialogs/TagEditModal';
import { ChannelDrawer } from './drawer/ChannelDrawer';
import type { DrawerMode } from './drawer/channel-form';
import { channelColumnChoices } from './list/channel-columns';
import { ChannelSearchBar, NO_FILTERS, type ChannelFilters } from './list/ChannelSearchBar';
import { ChannelTable } from './list/ChannelTable';
import { ChannelToolbar } from './list/ChannelToolbar';
import type { RowDialogs } from './list/RowActions';
import { useChannelActions } from './list/use-channel-actions';
import { selectedChannelIds, toListRows } from './tag-rows';
import './channels.css';

/** localStorage keys of the list's preferences (spec 2 §9: page size and id sort kept locally). */
export const CHANNEL_STORAGE = {
  columns: 'channels-table-columns',
  pageSize: 'channels-page-size',
  idSort: 'channels-id-sort',
  tagMode: 'channels-tag-mode',
} as const;

/**
 * /channel (admin): the channel list with search, tag aggregation, inline edits, batch and
 * maintenance actions, and the create/edit drawer. The drawer is addressable: ?add=1, ?edit=<id>.
 */
export function ChannelPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [pageSize, setPageSize] = usePersistentNumber(
    CHANNEL_STORAGE.pageSize,
    DEFAULT_PAGE_SIZE,
    PAGE_SIZE_OPTIONS,
  );
  const [idSort, setIdSort] = usePersistentFlag(CHANNEL_STORAGE.idSort);
  const [tagMode, setTagMode] = usePersistentFlag(CHANNEL_STORAGE.tagMode);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<ChannelFilters>(NO_FILTERS);
  const [selectedKeys, setSelectedKeys] = useState<(string | number)[]>([]);
  const [testing, setTesting] = useState<ChannelView | null>(null);
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [batchTagging, setBatchTagging] = useState(false);

  // t changes with the language, so the dialog's titles follow it.
  const choices = useMemo(() => channelColumnChoices(t), [t]);
  const columns = usePersistentColumns(CHANNEL_STORAGE.columns, choices);
  const groups = useGroupsQuery().data ?? [];
  const list = useChannelPageQuery({ page, pageSize, idSort, tagMode, ...filters });
  const rows = useMemo(() => toListRows(list.data?.items ?? [], tagMode), [list.data, tagMode]);
  const actions = useChannelActions();
  const refresh = useRefreshChannels();
  const selectedIds = selectedChannelIds(selectedKeys);

  const editId = Number(searchParams.get('edit'));
  let drawer: DrawerMode | null = null;
  if (Number.isInteger(editId) && editId > 0) drawer = { kind: 'edit', id: editId };
  else if (searchParams.has('add')) drawer = { kind: 'create' };

  const closeDrawer = () => {
    if (searchParams.has('edit') || searchParams.has('add')) setSearchParams({}, { replace: true });
  };

  const dialogs: RowDialogs = useMemo(
    () => ({
      onEdit: (channel) => setSearchParams({ edit: String(channel.id) }),
      onTestModels: setTesting,
      onEditTag: setEditingTag,
      // Keys are write-only, so the server makes the copy; the drawer then opens on it for changes.
      onCopy: async (channel) => {
        try {
          const copy = await copyChannel(channel.id, { quiet: true });
          Toast.success(t('channels.messages.copied'));
          await refresh();
          setSearchParams({ edit: String(copy.id) });
        } catch (err) {
          if (err instanceof ApiRequestError && err.status === 404) {
            Toast.error(t('channels.messages.copyNotFound'));
          } else {
            const detail = err instanceof Error ? err.message : String(err);
            Toast.error(t('channels.messages.copyFailed', { detail }));
          }
        }
      },
    }),
    [refresh, setSearchParams, t],
  );

  /** A new query starts on page 1 with nothing selected. */
  const resetPaging = () => {
    setPage(1);
    setSelectedKeys([]);
  };

  return (
    <section className="page-card channels-page">
      <div className="page-heading">
        <Typography.Title heading={4}>{t('channels.title')}</Typography.Title>
      </div>
      <ChannelSearchBar
        groups={groups}
        applied={filters}
        onSearch={(next) => {
          setFilters(next);
          resetPaging();
        }}
        idSort={idSort}
        onIdSort={(on) => {
          setIdSort(on);
          resetPaging();
        }}
        tagMode={tagMode}
        onTagMode={(on) => {
          setTagMode(on);
          resetPaging();
        }}
      />
      <ChannelToolbar
        selectedIds={selectedIds}
        onAdd={() => setSearchParams({ add: '1' })}
        onBatchTag={() => setBatchTagging(true)}
        onDeleted={() => setSelectedKeys([])}
        columnSettings={
          <ColumnSettingsButton
            choices={choices}
            visible={columns.visible}
            onSave={columns.save}
            onReset={columns.reset}
          />
        }
      />
      <ChannelTable
        rows={rows}
        loading={list.isFetching}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          resetPaging();
        }}
        selectedKeys={selectedKeys}
        onSelect={setSelectedKeys}
        visibleColumns={columns.visible}
        actions={actions}
        dialogs={dialogs}
      />
      <ChannelDrawer mode={drawer} groups={groups} onClose={closeDrawer} />
      {testing && <ModelTestModal channel={testing} onClose={() => setTesting(null)} />}
      {editingTag !== null && (
        <TagEditModal tag={editingTag} groups={groups} onClose={() => setEditingTag(null)} />
      )}
      <BatchTagModal
        ids={selectedIds}
        visible={batchTagging}
        onClose={() => setBatchTagging(false)}
        onTagged={() => setSelectedKeys([])}
      />
    </section>
  );
}
