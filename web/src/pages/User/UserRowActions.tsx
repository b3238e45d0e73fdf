import { Button, Popconfirm, Space, Toast } from '@douyinfe/semi-ui-19';
import { UserStatus, type UserManageAction, type UserView } from '@gateway/contract';
import { useTranslation } from 'react-i18next';
import { useManageUserMutation } from '../../api/user-admin-queries';

interface Props {
  user: UserView;
  onEdit(user: UserView): void;
}

/** Status 3 exists but cannot be switched back on from here (document 1, section 4). */
const LOCKED_STATUS = 3;

/**
 * Promote, demote, disable or enable, edit and deregister one user. The server decides who may do
 * what and says why not; a deregistered user has no actions at all.
 */
export function UserRowActions({ user, onEdit }: Props) {
  const { t } = useTranslation();
  const manage = useManageUserMutation();
  if (user.DeletedAt !== null) return null;
  const run = (action: UserManageAction) =>
    manage.mutate({ id: user.id, action }, { onSuccess: () => Toast.success(t('users.operationDone')) });
  const busy = manage.isPending;

  return (
    <Space spacing={4} wrap>
      <Button size="small" disabled={busy} onClick={() => run('promote')}>
        {t('users.action.promote')}
      </Button>
      <Button size="small" type="warning" disabled={busy} onClick={() => run('demote')}>
        {t('users.action.demote')}
      </Button>
      {user.status === UserStatus.Enabled ? (
        <Button size="small" type="warning" disabled={busy} onClick={() => run('disable')}>
          {t('users.action.disable')}
        </Button>
      ) : (
        <Button size="small" disabled={busy || user.status === LOCKED_STATUS} onClick={() => run('enable')}>
          {t('users.action.enable')}
        </Button>
      )}
      <Button size="small" onClick={() => onEdit(user)}>
        {t('users.action.edit')}
      </Button>
      <Popconfirm
        title={t('users.action.deleteTitle')}
        content={t('users.action.deleteContent')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okType="danger"
        onConfirm={() => run('delete')}
      >
        <span>
          <Button size="small" type="danger" disabled={busy}>
            {t('users.action.delete')}
          </Button>
        </span>
      </Popconfirm>
    </Space>
  );
}
