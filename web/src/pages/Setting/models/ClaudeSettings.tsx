import { Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionNumber, OptionSwitch, OptionTextArea } from '../operation/OptionFields';
import { OptionSectionForm } from '../operation/OptionSectionForm';

const KEYS = [
  'claude.model_headers_settings',
  'claude.default_max_tokens',
  'claude.thinking_adapter_enabled',
  'claude.thinking_adapter_budget_tokens_percentage',
];

/** Claude: request header overrides, default max tokens and the thinking adaptation. */
export function ClaudeSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.models.claude.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={KEYS} saveLabel={tt('save')}>
      <OptionTextArea
        option="claude.model_headers_settings"
        label={tt('headers')}
        extra={tt('headersExtra')}
      />
      <OptionTextArea
        option="claude.default_max_tokens"
        label={tt('maxTokens')}
        extra={tt('maxTokensExtra')}
      />
      <Typography.Title heading={6} className="option-subtitle">
        {tt('thinkingTitle')}
      </Typography.Title>
      <FieldGrid>
        <OptionSwitch option="claude.thinking_adapter_enabled" label={tt('thinkingEnabled')} />
        <OptionNumber
          option="claude.thinking_adapter_budget_tokens_percentage"
          label={tt('budget')}
          extra={tt('budgetExtra')}
          step={0.1}
        />
      </FieldGrid>
    </OptionSectionForm>
  );
}
