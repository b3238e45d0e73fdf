import { Input, Modal, Radio, RadioGroup, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd, readNumber } from './price-math';
import type { PriceRow, Pricing } from './price-maps';
import {
  checkForm,
  emptyForm,
  formFromRow,
  switchMode,
  typeNumber,
  type NumberField,
  type PricingForm,
} from './pricing-form';

interface Props {
  /** The model being edited; null adds a new one. */
  row: PriceRow | null;
  /** Names a new model may not take. */
  taken: ReadonlySet<string>;
  onSubmit(name: string, pricing: Pricing): void;
  onCancel(): void;
}

/** Add or edit one model's pricing (spec 2 §4 modes). Mounted only while open. */
export function PriceRowDialog({ row, taken, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PricingForm>(() => (row ? formFromRow(row) : emptyForm()));
  const isNew = row === null;

  const type = (field: NumberField) => (text: string) => {
    const next = typeNumber(form, field, text);
    if (next) setForm(next);
    else Toast.error(t('settingPricing.problem.notNumber'));
  };

  const submit = () => {
    const result = checkForm(form, isNew, taken);
    if ('problem' in result) {
      Toast.error(t(`settingPricing.problem.${result.problem}`));
      return;
    }
    onSubmit(result.name, result.pricing);
  };

  const field = (id: NumberField, label: string) => (
    <div className="pricing-field">
      <label htmlFor={`pricing-dialog-${id}`}>{label}</label>
      <Input id={`pricing-dialog-${id}`} value={form[id]} onChange={type(id)} inputMode="decimal" />
    </div>
  );
  const usd = (text: string) => {
    const n = readNumber(text);
    return n === undefined ? t('settingPricing.dialog.unknown') : formatUsd(n);
  };
  const plain = (text: string) =>
    readNumber(text) === undefined ? t('settingPricing.dialog.unknown') : text;

  return (
    <Modal
      visible
      title={t(isNew ? 'settingPricing.dialog.addTitle' : 'settingPricing.dialog.editTitle')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onCancel}
      className="pricing-dialog"
      width="min(520px, calc(100vw - 24px))"
    >
      <div className="pricing-field">
        <label htmlFor="pricing-dialog-name">{t('settingPricing.dialog.name')}</label>
        <Input
          id="pricing-dialog-name"
          value={form.name}
          disabled={!isNew}
          placeholder="strawberry"
          onChange={(name) => setForm({ ...form, name })}
        />
      </div>
      <div className="pricing-field">
        <span>{t('settingPricing.dialog.billing')}</span>
        <RadioGroup
          type="button"
          value={form.mode}
          aria-label={t('settingPricing.dialog.billing')}
          onChange={(e) => setForm(switchMode(form, e.target.value as PricingForm['mode']))}
        >
          <Radio value="token">{t('settingPricing.dialog.perToken')}</Radio>
          <Radio value="request">{t('settingPricing.dialog.perRequest')}</Radio>
        </RadioGroup>
      </div>
      {form.mode === 'request' ? (
        field('price', t('settingPricing.dialog.price'))
      ) : (
        <>
          <div className="pricing-field">
            <span>{t('settingPricing.dialog.tokenMode')}</span>
            <RadioGroup
              type="button"
              value={form.tokenMode}
              aria-label={t('settingPricing.dialog.tokenMode')}
              onChange={(e) => setForm({ ...form, tokenMode: e.target.value as PricingForm['tokenMode'] })}
            >
              <Radio value="ratio">{t('settingPricing.dialog.byRatio')}</Radio>
              <Radio value="price">{t('settingPricing.dialog.byPrice')}</Radio>
            </RadioGroup>
          </div>
          {form.tokenMode === 'ratio' ? (
            <>
              {field('ratio', t('settingPricing.dialog.ratio'))}
              {field('completionRatio', t('settingPricing.dialog.completionRatio'))}
              <Typography.Text type="tertiary" data-testid="pricing-derived">
                {t('settingPricing.dialog.derivedPrices', {
                  input: usd(form.inputPrice),
                  output: usd(form.outputPrice),
                })}
              </Typography.Text>
            </>
          ) : (
            <>
              {field('inputPrice', t('settingPricing.dialog.inputPrice'))}
              {field('outputPrice', t('settingPricing.dialog.outputPrice'))}
              <Typography.Text type="tertiary" data-testid="pricing-derived">
                {t('settingPricing.dialog.derivedRatios', {
                  ratio: plain(form.ratio),
                  completion: plain(form.completionRatio),
                })}
              </Typography.Text>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
