import { Button, SideSheet, Space, Spin, Toast } from '@douyinfe/semi-ui-19';
import type { UserView } from '@gateway/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelfQuery } from '../../api/self-queries';
import { useUpdateSelfMutation, useUpdateUserMutation, useUserQuery } from '../../api/user-admin-queries';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { readStoredUser, storeUser } from '../../session/stored-user';
import { toAdminUpdate, toSelfUpdate, type UserEditValues } from './user-edit-form';
import { UserEditForm, type UserEditFormApi } from './UserEditForm';

/** An admin editing another user (group and quota too), or anyone editing themselves. */
export type UserEditTarget = { mode: 'admin'; id: number } | { mode: 'self' } | null;

interface Props {
  target: UserEditTarget;
  onClose(): void;
}

/** The edit-user drawer of document 1; the user is read afresh each time it opens. */
export function UserEditDrawer({ target, onClose }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const formApi = useRef<UserEditFormApi | null>(null);
  const adminId = target?.mode === 'admin' ? target.id : null;
  const other = useUserQuery(adminId);
  const self = useSelfQuery(target?.mode === 'self');
  const user: UserView | undefined = target?.mode === 'self' ? self.data : other.data;
  const updateUser = useUpdateUserMutation();
  const updateSelf = useUpdateSelfMutation();

  const done = () => {
    Toast.success(t('users.edit.updated'));
    onClose();
  };

  const submit = (values: UserEditValues) => {
    if (!user) return;
    if (target?.mode === 'admin') {
      updateUser.mutate(toAdminUpdate(user, values), { onSuccess: done });
      return;
    }
    const request = toSelfUpdate(values);
    if (request.password && !request.original_password) {
      Toast.error(t('users.account.originalPasswordRequired'));
      return;
    }
    updateSelf.mutate(request, {
      onSuccess: () => {
        // The header shows the stored names; keep them in step with the edit.
        const stored = readStoredUser();
        if (stored) storeUser({ ...stored, username: request.username, display_name: request.display_name });
        done();
      },
    });
  };

  return (
    <SideSheet
      title={t(target?.mode === 'self' ? 'users.edit.selfTitle' : 'users.edit.title')}
      visible={target !== null}
      onCancel={onClose}
      placement="right"
      width={isMobile ? '100%' : 600}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('users.edit.cancel')}</Button>
          <Button
            theme="solid"
            disabled={!user}
            loading={updateUser.isPending || updateSelf.isPending}
            onClick={() => formApi.current?.submitForm()}
          >
            {t('users.edit.submit')}
          </Button>
        </Space>
      }
    >
      {target && user ? (
        <UserEditForm
          // A new target starts a new form: no values leak from the previous user.
          key={`${target.mode}-${user.id}`}
          user={user}
          asAdmin={target.mode === 'admin'}
          getFormApi={(api) => (formApi.current = api)}
          onSubmit={submit}
        />
      ) : (
        target && !other.isError && !self.isError && <Spin size="large" />
      )}
    </SideSheet>
  );
}
