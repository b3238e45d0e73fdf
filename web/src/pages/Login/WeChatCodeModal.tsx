import { Button, Image, Input, Modal, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The WeChat dialog: the official account's QR code, and the code the account replies with.
 * Used to sign in (login page) and to bind (personal page); the caller decides what the code does.
 */
export function WeChatCodeModal({
  visible,
  qrCode,
  submitLabel,
  loading,
  onSubmit,
  onClose,
}: {
  visible: boolean;
  qrCode: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Modal
      title={t('oauth.wechatTitle')}
      visible={visible}
      onCancel={onClose}
      footer={null}
      centered
      width="min(420px, 94vw)"
    >
      <div
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, paddingBottom: 16 }}
      >
        {qrCode && <Image src={qrCode} width={180} height={180} preview={false} alt="WeChat QR" />}
        <Typography.Text type="tertiary">{t('oauth.wechatHint')}</Typography.Text>
        <Input
          value={code}
          onChange={setCode}
          placeholder={t('oauth.wechatCodePlaceholder')}
          aria-label={t('oauth.wechatCode')}
        />
        <Button
          theme="solid"
          type="primary"
          block
          loading={loading}
          disabled={code.trim() === ''}
          onClick={() => onSubmit(code.trim())}
        >
          {submitLabel}
        </Button>
      </div>
    </Modal>
  );
}
