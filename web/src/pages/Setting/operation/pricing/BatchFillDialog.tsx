import { Input, Modal, Radio, RadioGroup, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchInput, BatchType } from './unset-models';

interface Props {
  count: number;
  /** Applies the fill; returns false when it was refused (the caller said why). */
  onApply(input: BatchInput): boolean;
  onCancel(): void;
}

const TYPES: BatchType[] = ['ratio', 'completionRatio', 'bothRatio', 'price'];

/** Fills one value (or both ratios) into every selected unpriced model. Mounted only while open. */
export function BatchFillDialog({ count, onApply, onCancel }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState<BatchInput>({
    type: 'ratio',
    value: '',
    ratio: '',
    completionRatio: '',
  });

  const box = (field: 'value' | 'ratio' | 'completionRatio', label: string) => (
    <div className="pricing-field">
      <label htmlFor={`pricing-batch-${field}`}>{label}</label>
      <Input
        id={`pricing-batch-${field}`}
        value={input[field]}
        inputMode="decimal"
        onChange={(text) => setInput({ ...input, [field]: text })}
      />
    </div>
  );

  return (
    <Modal
      visible
      title={t('settingPricing.batch.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={() => {
        onApply(input);
      }}
      onCancel={onCancel}
      width="min(520px, calc(100vw - 24px))"
    >
      <Typography.Text type="tertiary">{t('settingPricing.unset.selected', { count })}</Typography.Text>
      <div className="pricing-field">
        <span>{t('settingPricing.batch.type')}</span>
        <RadioGroup
          value={input.type}
          aria-label={t('settingPricing.batch.type')}
          // Switching kind starts from empty boxes, so a value never lands in the wrong table.
          onChange={(e) =>
            setInput({ type: e.target.value as BatchType, value: '', ratio: '', completionRatio: '' })
          }
        >
          {TYPES.map((type) => (
            <Radio key={type} value={type}>
              {t(`settingPricing.batch.${type}`)}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      {input.type === 'bothRatio' ? (
        <>
          {box('ratio', t('settingPricing.batch.ratio'))}
          {box('completionRatio', t('settingPricing.batch.completionRatio'))}
        </>
      ) : (
        box('value', t('settingPricing.batch.value'))
      )}
    </Modal>
  );
}
