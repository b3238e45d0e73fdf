import { InputNumber, Modal, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaFormatter } from '../../quota/useQuotaFormatter';

interface Props {
  visible: boolean;
  /** The quota the form holds now. */
  current: number;
  onClose(): void;
  /** The new quota: current + delta. */
  onApply(quota: number): void;
}

/** Adds (or, with a negative number, subtracts) quota, showing old + delta = new as it is typed. */
export function AddQuotaModal({ visible, current, onClose, onApply }: Props) {
  const { t } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const [delta, setDelta] = useState<number | null>(null);
  const amount = delta ?? 0;

  return (
    <Modal
      title={t('users.addQuota.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => {
        onApply(current + amount);
        onClose();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      afterClose={() => setDelta(null)}
    >
      <InputNumber
        value={delta ?? undefined}
        onChange={(value) =>
          setDelta(typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null)
        }
        placeholder={t('users.addQuota.amountPlaceholder')}
        aria-label={t('users.addQuota.amount')}
        precision={0}
        style={{ width: '100%' }}
      />
      <Typography.Paragraph className="user-quota-preview" data-testid="quota-preview">
        {t('users.addQuota.preview', {
          old: formatQuota(current),
          delta: formatQuota(amount),
          next: formatQuota(current + amount),
        })}
      </Typography.Paragraph>
    </Modal>
  );
}
