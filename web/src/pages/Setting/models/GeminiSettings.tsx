import { Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionNumber, OptionSwitch, OptionTextArea } from '../operation/OptionFields';
import { OptionSectionForm } from '../operation/OptionSectionForm';

const KEYS = [
  'gemini.safety_settings',
  'gemini.version_settings',
  'gemini.supported_imagine_models',
  'gemini.thinking_adapter_enabled',
  'gemini.thinking_adapter_budget_tokens_percentage',
];

/** Gemini: safety levels, API versions, image models and the thinking-suffix adaptation. */
export function GeminiSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.models.gemini.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={KEYS} saveLabel={tt('save')}>
      <OptionTextArea option="gemini.safety_settings" label={tt('safety')} extra={tt('safetyExtra')} />
      <OptionTextArea option="gemini.version_settings" label={tt('version')} extra={tt('versionExtra')} />
      <OptionTextArea
        option="gemini.supported_imagine_models"
        label={tt('imagineModels')}
        extra={tt('imagineModelsExtra')}
      />
      <Typography.Title heading={6} className="option-subtitle">
        {tt('thinkingTitle')}
      </Typography.Title>
      <FieldGrid>
        <OptionSwitch
          option="gemini.thinking_adapter_enabled"
          label={tt('thinkingEnabled')}
          extra={tt('thinkingEnabledExtra')}
        />
        <OptionNumber
          option="gemini.thinking_adapter_budget_tokens_percentage"
          label={tt('budget')}
          extra={tt('budgetExtra')}
          step={0.1}
        />
      </FieldGrid>
    </OptionSectionForm>
  );
}
