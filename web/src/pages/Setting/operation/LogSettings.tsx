import { useTranslation } from 'react-i18next';
import { LogCleanup } from './LogCleanup';
import { OptionSwitch } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

/** Whether consumption is logged, and the cleanup of old logs. */
export function LogSettings() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingOperation.logs.title')}
      keys={['LogConsumeEnabled']}
      saveLabel={t('settingOperation.logs.save')}
    >
      <OptionSwitch option="LogConsumeEnabled" label={t('settingOperation.logs.consumeEnabled')} />
      <LogCleanup />
    </OptionSectionForm>
  );
}
