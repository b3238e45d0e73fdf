import { InputNumber, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAffTransferMutation } from '../../api/personal-queries';
import { useSiteStatus } from '../../api/site-queries';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';

/**
 * Moves invite earnings into the balance. The amount is in quota (what the server counts); at
 * least one unit (QuotaPerUnit) and at most what was earned, checked here and on the server.
 */
export function AffTransferModal({
  visible,
  affQuota,
  onClose,
}: {
  visible: boolean;
  affQuota: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const { quota_per_unit: unit } = useSiteStatus();
  const transfer = useAffTransferMutation();
  const [amount, setAmount] = useState<number>(affQuota);
  const [error, setError] = useState('');

  useEffect(() => {
    if (visible) {
      setAmount(affQuota);
      setError('');
    }
  }, [visible, affQuota]);

  const submit = () => {
    if (!Number.isInteger(amount) || amount < unit) {
      setError(t('personalSettings.transfer.minimum', { amount: formatQuota(unit) }));
      return;
    }
    if (amount > affQuota) {
      setError(t('personalSettings.transfer.tooMuch'));
      return;
    }
    transfer.mutate(
      { quota: amount },
      {
        onSuccess: () => {
          Toast.success(t('personalSettings.transfer.success'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={t('personalSettings.transfer.title')}
      visible={visible}
      onOk={submit}
      onCancel={onClose}
      okText={t('personalSettings.transfer.submit')}
      cancelText={t('personalSettings.transfer.cancel')}
      confirmLoading={transfer.isPending}
      centered
      style={{ maxWidth: 'calc(100vw - 32px)' }}
    >
      <Typography.Paragraph>
        {t('personalSettings.transfer.available', { amount: formatQuota(affQuota) })}
      </Typography.Paragraph>
      <label htmlFor="aff-transfer-amount">{t('personalSettings.transfer.amount')}</label>
      <InputNumber
        id="aff-transfer-amount"
        aria-label={t('personalSettings.transfer.amount')}
        value={amount}
        min={0}
        precision={0}
        style={{ width: '100%', marginTop: 4 }}
        onChange={(v) => {
          setAmount(typeof v === 'number' ? v : Number(v) || 0);
          setError('');
        }}
      />
      <Typography.Text type="tertiary" size="small">
        {t('personalSettings.transfer.preview', { amount: formatQuota(amount || 0) })}
      </Typography.Text>
      {error && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }} data-testid="transfer-error">
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
