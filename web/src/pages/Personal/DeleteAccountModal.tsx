import { Banner, Input, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteSelfMutation } from '../../api/self-queries';
import { clearStoredUser } from '../../session/stored-user';

interface Props {
  visible: boolean;
  username: string;
  onClose(): void;
}

/**
 * Deleting one's own account (document 1, section 5): the typed text must equal the username.
 * The super admin is refused by the server, whose message the client shows.
 */
export function DeleteAccountModal({ visible, username, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteSelfMutation();
  const [typed, setTyped] = useState('');

  const confirm = () => {
    if (typed !== username) {
      Toast.error(t('users.account.deleteMismatch'));
      return;
    }
    remove.mutate(undefined, {
      onSuccess: () => {
        Toast.success(t('users.account.deleted'));
        clearStoredUser();
        void navigate('/login');
      },
    });
  };

  return (
    <Modal
      title={t('users.account.deleteTitle')}
      visible={visible}
      onCancel={onClose}
      onOk={confirm}
      okText={t('users.account.deleteConfirm')}
      okButtonProps={{ type: 'danger' }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
      afterClose={() => setTyped('')}
    >
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        description={t('users.account.deleteWarning')}
      />
      <Typography.Paragraph style={{ margin: '12px 0 8px' }}>
        {t('users.account.deleteConfirmPlaceholder', { username })}
      </Typography.Paragraph>
      <Input
        value={typed}
        onChange={setTyped}
        placeholder={username}
        aria-label={t('users.account.deleteConfirmPlaceholder', { username })}
      />
    </Modal>
  );
}
