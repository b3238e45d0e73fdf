import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionNumber, OptionSelect, OptionSwitch } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

const KEYS = ['DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime'];

/** The data dashboard: on/off, how often it is aggregated, its default granularity. */
export function DashboardSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.dashboard.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={KEYS} saveLabel={tt('save')}>
      <FieldGrid>
        <OptionSwitch option="DataExportEnabled" label={tt('enabled')} />
        <OptionNumber
          option="DataExportInterval"
          label={tt('interval')}
          extra={tt('intervalExtra')}
          suffix={tt('minutes')}
        />
        <OptionSelect
          option="DataExportDefaultTime"
          label={tt('defaultTime')}
          extra={tt('defaultTimeExtra')}
          choices={['hour', 'day', 'week'].map((value) => ({ value, label: tt(value) }))}
        />
      </FieldGrid>
    </OptionSectionForm>
  );
}
