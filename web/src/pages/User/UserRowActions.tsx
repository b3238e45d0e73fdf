import { Button, Popconfirm, Space, Toast } from '@douyinfe/semi-ui-19';
import { UserStatus, type UserManageAction, type UserView } from '@gateway/contract';
import { useTranslation } from 'react-i18next';
import { useManageUserMutation } from '../../api/user-admin-queries';
import { useStoredUser } from '../../session/stored-user';
import { allowedUserActions } from './user-actions';

interface Props {
  user: UserView;
  onEdit(user: UserView): void;
}

/** Status 3 exists but cannot be switched back on from here (document 1, section 4). */
const LOCKED_STATUS = 3;

/**
 * Promote, demote, disable or enable, edit and deregister one user: only the actions the server
 * would accept from the signed-in admin (a deregistered user, or a peer, has none).
 */
export function UserRowActions({ user, onEdit }: Props) {
  const { t } = useTranslation();
  const me = useStoredUser();
  const manage = useManageUserMutation();
  const allowed = allowedUserActions(me?.role ?? 0, user);
  if (!Object.values(allowed).some(Boolean)) return null;
  const run = (action: UserManageAction) =>
    manage.mutate({ id: user.id, action }, { onSuccess: () => Toast.success(t('users.operationDone')) });
  const busy = manage.isPending;

  return (
    <Space spacing={4} wrap>
      {allowed.promote && (
        <Button size="small" disabled={busy} onClick={() => run('promote')}>
          {t('users.action.promote')}
        </Button>
      )}
      {allowed.demote && (
        <Button size="small" type="warning" disabled={busy} onClick={() => run('demote')}>
          {t('users.action.demote')}
        </Button>
      )}
      {!allowed.toggle ? null : user.status === UserStatus.Enabled ? (
        <Button size="small" type="warning" disabled={busy} onClick={() => run('disable')}>
          {t('users.action.disable')}
        </Button>
      ) : (
        <Button size="small" disabled={busy || user.status === LOCKED_STATUS} onClick={() => run('enable')}>
          {t('users.action.enable')}
        </Button>
      )}
      {allowed.edit && (
        <Button size="small" onClick={() => onEdit(user)}>
          {t('users.action.edit')}
        </Button>
      )}
      {allowed.delete && (
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
      )}
    </Space>
  );
}
