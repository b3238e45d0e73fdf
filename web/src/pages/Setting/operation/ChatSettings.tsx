import { useTranslation } from 'react-i18next';
import { OptionTextArea } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

/** The chat links offered on the token page: a JSON list of {name: link template}. */
export function ChatSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.chats.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={['Chats']} saveLabel={tt('save')}>
      <OptionTextArea option="Chats" label={tt('chats')} extra={tt('extra')} rows={8} />
    </OptionSectionForm>
  );
}
