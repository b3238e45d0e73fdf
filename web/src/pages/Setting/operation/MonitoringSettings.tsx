import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionNumber, OptionSwitch, OptionTextArea } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

const KEYS = [
  'ChannelDisableThreshold',
  'QuotaRemindThreshold',
  'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled',
  'AutomaticDisableKeywords',
];

/** Channel monitoring: test time limit, automatic disabling and enabling, the reminder threshold. */
export function MonitoringSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.monitoring.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={KEYS} saveLabel={tt('save')}>
      <FieldGrid>
        <OptionNumber
          option="ChannelDisableThreshold"
          label={tt('disableThreshold')}
          extra={tt('disableThresholdExtra')}
          suffix={tt('seconds')}
        />
        <OptionNumber
          option="QuotaRemindThreshold"
          label={tt('remindThreshold')}
          extra={tt('remindThresholdExtra')}
          suffix="Token"
        />
      </FieldGrid>
      <FieldGrid>
        <OptionSwitch option="AutomaticDisableChannelEnabled" label={tt('autoDisable')} />
        <OptionSwitch option="AutomaticEnableChannelEnabled" label={tt('autoEnable')} />
      </FieldGrid>
      <OptionTextArea
        option="AutomaticDisableKeywords"
        label={tt('keywords')}
        extra={tt('keywordsExtra')}
        placeholder={tt('keywordsPlaceholder')}
        rows={6}
      />
    </OptionSectionForm>
  );
}
