import { IconPlus, IconSearch } from '@douyinfe/semi-icons';
import { Button, Input, Select, Typography } from '@douyinfe/semi-ui-19';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type UserView } from '@gateway/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupsQuery } from '../../api/channel-queries';
import { useUsersQuery } from '../../api/user-admin-queries';
import { usePersistentNumber } from '../../components/table/persistent-columns';
import { UserEditDrawer, type UserEditTarget } from '../UserEdit/UserEditDrawer';
import { AddUserDrawer } from './AddUserDrawer';
import { UserTable } from './UserTable';
import './user.css';

export const USER_PAGE_SIZE_KEY = 'users-page-size';

/** /user (admin): search, group filter, paged list, add, manage and edit users (document 1). */
export function UserPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [groupChoice, setGroupChoice] = useState('');
  const [filter, setFilter] = useState({ keyword: '', group: '' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePersistentNumber(
    USER_PAGE_SIZE_KEY,
    DEFAULT_PAGE_SIZE,
    PAGE_SIZE_OPTIONS,
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserEditTarget>(null);
  const groups = useGroupsQuery();
  const list = useUsersQuery({ ...filter, page, pageSize });

  const search = () => {
    setFilter({ keyword: searchText.trim(), group: groupChoice });
    setPage(1);
  };
  const edit = useCallback((user: UserView) => setEditing({ mode: 'admin', id: user.id }), []);

  return (
    <section className="page-card user-page">
      <div className="page-heading">
        <Typography.Title heading={4}>{t('users.title')}</Typography.Title>
      </div>
      <div className="user-toolbar">
        <div className="user-search">
          <Input
            prefix={<IconSearch />}
            value={searchText}
            onChange={setSearchText}
            onEnterPress={search}
            placeholder={t('users.searchPlaceholder')}
            aria-label={t('users.searchPlaceholder')}
            showClear
          />
          <Select
            className="user-group-filter"
            value={groupChoice || undefined}
            onChange={(value) => setGroupChoice(typeof value === 'string' ? value : '')}
            optionList={(groups.data ?? []).map((group) => ({ label: group, value: group }))}
            placeholder={t('users.groupPlaceholder')}
            aria-label={t('users.groupPlaceholder')}
            showClear
          />
          <Button onClick={search}>{t('users.search')}</Button>
        </div>
        <Button theme="solid" icon={<IconPlus />} onClick={() => setAdding(true)}>
          {t('users.add')}
        </Button>
      </div>
      <UserTable
        page={list.data}
        loading={list.isFetching}
        currentPage={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        onEdit={edit}
      />
      <AddUserDrawer visible={adding} onClose={() => setAdding(false)} />
      <UserEditDrawer target={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
