import { useTranslation } from 'react-i18next';
import { useOptionsQuery } from '../../../api/option-queries';
import { OptionField } from './OptionField';
import { OptionSectionForm, fieldOf } from './OptionSectionForm';
import { Form } from '@douyinfe/semi-ui-19';

const KEYS = [
  'PayAddress',
  'EpayId',
  'EpayKey',
  'Price',
  'MinTopUp',
  'CustomCallbackAddress',
  'TopupGroupRatio',
] as const;

const isJson = (text: unknown) => {
  try {
    JSON.parse(String(text ?? ''));
    return true;
  } catch {
    return false;
  }
};

/** Epay settings; spec 1 §5: the server address must be saved first and the ratios be JSON. */
export function PaymentSection() {
  const { t } = useTranslation();
  const options = useOptionsQuery();

  const check = (values: Record<string, unknown>) => {
    if (!options.data?.ServerAddress) return t('settingSystem.payment.needServerAddress');
    if (!isJson(values.TopupGroupRatio)) return t('setting.invalidJson');
    return null;
  };

  return (
    <OptionSectionForm
      title={t('settingSystem.payment.title')}
      hint={t('settingSystem.payment.hint')}
      keys={KEYS}
      saveText={t('settingSystem.payment.save')}
      check={check}
    >
      <OptionField
        optionKey="PayAddress"
        label={t('settingSystem.payment.payAddress')}
        placeholder="https://"
      />
      <OptionField optionKey="EpayId" label={t('settingSystem.payment.epayId')} />
      <OptionField optionKey="EpayKey" kind="secret" label={t('settingSystem.payment.epayKey')} />
      <OptionField
        optionKey="Price"
        kind="number"
        min={0}
        step={0.01}
        label={t('settingSystem.payment.price')}
      />
      <OptionField optionKey="MinTopUp" kind="number" min={0} label={t('settingSystem.payment.minTopUp')} />
      <OptionField
        optionKey="CustomCallbackAddress"
        label={t('settingSystem.payment.callback')}
        placeholder={t('settingSystem.payment.callbackPlaceholder')}
      />
      <Form.TextArea
        field={fieldOf('TopupGroupRatio')}
        label={t('settingSystem.payment.groupRatio')}
        placeholder={t('settingSystem.payment.groupRatioPlaceholder')}
        autosize={{ minRows: 4, maxRows: 12 }}
        fieldClassName="setting-field-wide"
        trigger="blur"
        rules={[
          { validator: (_rule: unknown, value: unknown) => isJson(value), message: t('setting.invalidJson') },
        ]}
      />
    </OptionSectionForm>
  );
}
