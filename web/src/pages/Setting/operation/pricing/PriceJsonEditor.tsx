import { TextArea, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { PricingOptionKey } from './price-maps';

interface Props {
  optionKey: PricingOptionKey;
  value: string;
  /** Set after the box lost focus holding text that is not JSON. */
  invalid: boolean;
  onChange(text: string): void;
  onBlur(): void;
}

/** One pricing option as a JSON text area, checked when it loses focus (spec 2 §5). */
export function PriceJsonEditor({ optionKey, value, invalid, onChange, onBlur }: Props) {
  const { t } = useTranslation();
  const id = `pricing-json-${optionKey}`;
  return (
    <div className="pricing-json">
      <label htmlFor={id} className="pricing-json-label">
        {t(`settingPricing.tabs.${optionKey}`)}
      </label>
      <Typography.Text type="tertiary" size="small" className="pricing-json-help">
        {t(`settingPricing.help.${optionKey}`)}
      </Typography.Text>
      <TextArea
        id={id}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        autosize={{ minRows: 6, maxRows: 16 }}
        validateStatus={invalid ? 'error' : 'default'}
        aria-invalid={invalid}
        spellCheck={false}
      />
      {invalid ? (
        <Typography.Text type="danger" size="small" role="alert">
          {t('setting.invalidJson')}
        </Typography.Text>
      ) : null}
    </div>
  );
}
