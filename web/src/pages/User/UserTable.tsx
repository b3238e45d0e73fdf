import { Space, Table, Tag, Typography } from '@douyinfe/semi-ui-19';
import { PAGE_SIZE_OPTIONS, type Page, type UserView } from '@gateway/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';
import { UserRowActions } from './UserRowActions';
import { GroupTag, RoleTag, StatusTag } from './UserTags';

interface Props {
  page: Page<UserView> | undefined;
  loading: boolean;
  currentPage: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  onEdit(user: UserView): void;
}

/** The paged user list: who they are, what they spent, whom they invited, and what may be done. */
export function UserTable(props: Props) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const isMobile = useIsMobile();
  const { onEdit } = props;

  const columns = useMemo(
    () => [
      { title: t('users.column.id'), dataIndex: 'id', width: 64 },
      {
        title: t('users.column.username'),
        dataIndex: 'username',
        render: (_: string, user: UserView) => (
          <div className="user-name-cell">
            <Typography.Text strong>{user.username}</Typography.Text>
            {user.display_name && user.display_name !== user.username && (
              <Typography.Text type="tertiary" size="small">
                {user.display_name}
              </Typography.Text>
            )}
          </div>
        ),
      },
      {
        title: t('users.column.group'),
        dataIndex: 'group',
        render: (group: string) => <GroupTag group={group} />,
      },
      {
        title: t('users.column.stats'),
        dataIndex: 'quota',
        render: (_: number, user: UserView) => (
          <Space spacing={4} wrap>
            <Tag color="white">{t('users.stats.remaining', { value: formatQuota(user.quota) })}</Tag>
            <Tag color="white">{t('users.stats.used', { value: formatQuota(user.used_quota) })}</Tag>
            <Tag color="white">{t('users.stats.requests', { value: String(user.request_count) })}</Tag>
          </Space>
        ),
      },
      {
        title: t('users.column.invite'),
        dataIndex: 'aff_count',
        render: (_: number, user: UserView) => (
          <Space spacing={4} wrap>
            <Tag color="white">{t('users.invite.count', { value: String(user.aff_count) })}</Tag>
            <Tag color="white">
              {t('users.invite.earnings', { value: formatQuota(user.aff_history_quota) })}
            </Tag>
            <Tag color="white">
              {t('users.invite.inviter', {
                value: user.inviter_id === 0 ? t('users.none') : String(user.inviter_id),
              })}
            </Tag>
          </Space>
        ),
      },
      {
        title: t('users.column.role'),
        dataIndex: 'role',
        render: (role: number) => <RoleTag role={role} />,
      },
      {
        title: t('users.column.status'),
        dataIndex: 'status',
        render: (status: number, user: UserView) => (
          <StatusTag status={status} deleted={user.DeletedAt !== null} />
        ),
      },
      {
        title: t('users.column.actions'),
        dataIndex: 'actions',
        // Pinned on desktop only: on a phone a pinned column would cover the whole table.
        fixed: isMobile ? undefined : ('right' as const),
        render: (_: unknown, user: UserView) => <UserRowActions user={user} onEdit={onEdit} />,
      },
    ],
    [t, formatQuota, onEdit, isMobile],
  );

  return (
    <Table<UserView>
      rowKey="id"
      className="user-table"
      columns={columns}
      dataSource={props.page?.items ?? []}
      loading={props.loading}
      size="small"
      scroll={{ x: 'max-content' }}
      pagination={{
        currentPage: props.currentPage,
        pageSize: props.pageSize,
        total: props.page?.total ?? 0,
        pageSizeOpts: [...PAGE_SIZE_OPTIONS],
        showSizeChanger: !isMobile,
        formatPageText: isMobile ? false : undefined,
        onPageChange: props.onPageChange,
        onPageSizeChange: props.onPageSizeChange,
      }}
    />
  );
}
