import { Form } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOf } from './OptionSectionForm';

export type OptionFieldKind = 'text' | 'secret' | 'number' | 'switch' | 'textarea';

export interface OptionFieldProps {
  optionKey: string;
  kind?: OptionFieldKind;
  label: string;
  placeholder?: string;
  extraText?: ReactNode;
  min?: number;
  step?: number;
  /** Spans the whole row (long texts, JSON). */
  wide?: boolean;
  onSwitch?: (checked: boolean) => void;
}

/** One option in a section form, by kind. Secrets are never read back, so their box starts empty. */
export function OptionField({
  optionKey,
  kind = 'text',
  label,
  placeholder,
  extraText,
  min,
  step,
  wide,
  onSwitch,
}: OptionFieldProps) {
  const { t } = useTranslation();
  const field = fieldOf(optionKey);
  const className = wide || kind === 'textarea' ? 'setting-field-wide' : undefined;
  switch (kind) {
    case 'switch':
      return (
        <Form.Switch
          field={field}
          label={label}
          fieldClassName={className}
          extraText={extraText}
          onChange={(checked) => onSwitch?.(checked)}
        />
      );
    case 'number':
      return (
        <Form.InputNumber
          field={field}
          label={label}
          min={min}
          step={step}
          placeholder={placeholder}
          extraText={extraText}
          fieldClassName={className}
          style={{ width: '100%' }}
        />
      );
    case 'textarea':
      return (
        <Form.TextArea
          field={field}
          label={label}
          placeholder={placeholder}
          extraText={extraText}
          autosize={{ minRows: 4, maxRows: 12 }}
          fieldClassName={className}
        />
      );
    case 'secret':
      return (
        <Form.Input
          field={field}
          label={label}
          mode="password"
          // The browser must not offer the admin's own login password for these boxes.
          autoComplete="new-password"
          placeholder={t('settingSystem.secretPlaceholder')}
          extraText={extraText}
          fieldClassName={className}
        />
      );
    default:
      return (
        <Form.Input
          field={field}
          label={label}
          placeholder={placeholder}
          extraText={extraText}
          fieldClassName={className}
        />
      );
  }
}
