import { Col, Form, Row } from '@douyinfe/semi-ui-19';
import { Children, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOf, optionFieldError } from './option-field';

interface FieldProps {
  option: string;
  label: string;
  extra?: ReactNode;
  placeholder?: string;
}

/** Fields side by side on wide screens, one under the other on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Row gutter={16}>
      {Children.toArray(children).map((child, index) => (
        <Col key={index} xs={24} md={12} xl={8}>
          {child}
        </Col>
      ))}
    </Row>
  );
}

function useRule(option: string) {
  const { t } = useTranslation();
  // Semi's validate type wants a string: an empty one means the value is fine.
  return (value: unknown): string => optionFieldError(option, value, t) ?? '';
}

export function OptionSwitch({ option, label, extra }: FieldProps) {
  return <Form.Switch field={fieldOf(option)} label={label} extraText={extra} aria-label={label} />;
}

export function OptionNumber({
  option,
  label,
  extra,
  placeholder,
  suffix,
  step,
}: FieldProps & { suffix?: string; step?: number }) {
  const rule = useRule(option);
  return (
    <Form.InputNumber
      field={fieldOf(option)}
      label={label}
      extraText={extra}
      placeholder={placeholder}
      suffix={suffix}
      step={step}
      // Bounds are checked, not clamped: a typed 1.5 must be refused, not silently become 1.
      validate={rule}
      style={{ width: '100%' }}
    />
  );
}

export function OptionInput({ option, label, extra, placeholder }: FieldProps) {
  const rule = useRule(option);
  return (
    <Form.Input
      field={fieldOf(option)}
      label={label}
      extraText={extra}
      placeholder={placeholder}
      validate={rule}
    />
  );
}

/** A multi-line text; JSON options are checked when the field loses focus (spec 2 §5). */
export function OptionTextArea({
  option,
  label,
  extra,
  placeholder,
  rows = 4,
}: FieldProps & { rows?: number }) {
  const rule = useRule(option);
  return (
    <Form.TextArea
      field={fieldOf(option)}
      label={label}
      extraText={extra}
      placeholder={placeholder}
      autosize={{ minRows: rows, maxRows: 16 }}
      validate={rule}
      trigger="blur"
    />
  );
}

export function OptionSelect({
  option,
  label,
  extra,
  choices,
}: FieldProps & { choices: Array<{ value: string; label: string }> }) {
  return (
    <Form.Select
      field={fieldOf(option)}
      label={label}
      extraText={extra}
      optionList={choices}
      style={{ width: '100%' }}
    />
  );
}
