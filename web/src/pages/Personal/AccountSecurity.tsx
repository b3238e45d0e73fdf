import { IconDelete, IconKey, IconLock } from '@douyinfe/semi-icons';
import { Button, Input, Space, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenerateAccessTokenMutation } from '../../api/self-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DeleteAccountModal } from './DeleteAccountModal';

/** System access token (shown once, copied at once), change password and delete account. */
export function AccountSecurity({ username }: { username: string }) {
  const { t } = useTranslation();
  const generate = useGenerateAccessTokenMutation();
  const [token, setToken] = useState('');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const generateToken = () =>
    generate.mutate(undefined, {
      onSuccess: (value) => {
        setToken(value);
        void copyWithFeedback(value, t('personal.tokenCopied'));
      },
    });

  return (
    <section className="page-card">
      <Typography.Title heading={5}>{t('personal.securityTitle')}</Typography.Title>
      <Typography.Paragraph type="tertiary" style={{ marginBottom: 12 }}>
        {t('personal.accessTokenHint')}
      </Typography.Paragraph>
      <div className="inline-field">
        <Input
          readonly
          value={token}
          prefix={t('personal.accessToken')}
          aria-label={t('personal.accessToken')}
        />
        <Button icon={<IconKey />} loading={generate.isPending} onClick={generateToken}>
          {t('personal.generateToken')}
        </Button>
      </div>
      <Space wrap style={{ marginTop: 12 }}>
        <Button icon={<IconLock />} onClick={() => setPasswordOpen(true)}>
          {t('personal.changePassword')}
        </Button>
        <Button icon={<IconDelete />} type="danger" onClick={() => setDeleteOpen(true)}>
          {t('users.account.deleteAccount')}
        </Button>
      </Space>
      <ChangePasswordModal visible={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <DeleteAccountModal visible={deleteOpen} username={username} onClose={() => setDeleteOpen(false)} />
    </section>
  );
}
