import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionSwitch, OptionTextArea } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

const KEYS = [
  'CheckSensitiveEnabled',
  'CheckSensitiveOnPromptEnabled',
  'StopOnSensitiveEnabled',
  'SensitiveWords',
];

/** The sensitive-word filter: switches and the word list, one word a line. */
export function SensitiveWordSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.sensitive.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={KEYS} saveLabel={tt('save')}>
      <FieldGrid>
        <OptionSwitch option="CheckSensitiveEnabled" label={tt('checkSensitive')} />
        <OptionSwitch option="CheckSensitiveOnPromptEnabled" label={tt('checkOnPrompt')} />
        <OptionSwitch option="StopOnSensitiveEnabled" label={tt('stopOnSensitive')} />
      </FieldGrid>
      <OptionTextArea
        option="SensitiveWords"
        label={tt('words')}
        extra={tt('wordsExtra')}
        placeholder={tt('wordsExtra')}
        rows={6}
      />
    </OptionSectionForm>
  );
}
