import { TextArea } from '@douyinfe/semi-ui-19';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isJsonObjectText } from '../json-text';
import { FormField } from './FormField';

interface Props {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  hint?: ReactNode;
  extra?: ReactNode;
  onChange(value: string): void;
}

/**
 * A JSON text field (model mapping, status code mapping, ...): blank or a JSON object; checked
 * when the field loses focus ("不是合法的 JSON 字符串", spec 2 §5).
 */
export function JsonTextArea({ id, label, value, placeholder, hint, extra, onChange }: Props) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState(false);
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      extra={extra}
      error={invalid ? t('channels.drawer.invalidJson') : null}
    >
      <TextArea
        id={id}
        value={value}
        placeholder={placeholder}
        autosize={{ minRows: 2, maxRows: 10 }}
        validateStatus={invalid ? 'error' : 'default'}
        onChange={(text) => {
          onChange(text);
          // Clear the complaint as soon as the text is fixed; only blur raises it.
          if (invalid && isJsonObjectText(text)) setInvalid(false);
        }}
        onBlur={() => setInvalid(!isJsonObjectText(value))}
      />
    </FormField>
  );
}
