import { Banner, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionNumber, OptionSwitch } from '../operation/OptionFields';
import { OptionSectionForm } from '../operation/OptionSectionForm';

const KEYS = [
  'global.pass_through_request_enabled',
  'general_setting.ping_interval_enabled',
  'general_setting.ping_interval_seconds',
];

/** Request pass-through and the keep-alive ping of streamed answers. */
export function GlobalModelSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.models.global.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={KEYS} saveLabel={tt('save')}>
      <OptionSwitch
        option="global.pass_through_request_enabled"
        label={tt('passThrough')}
        extra={tt('passThroughExtra')}
      />
      <Typography.Title heading={6} className="option-subtitle">
        {tt('pingTitle')}
      </Typography.Title>
      <Banner
        type="warning"
        fullMode={false}
        closeIcon={null}
        description={tt('pingWarning')}
        className="option-banner"
      />
      <FieldGrid>
        <OptionSwitch
          option="general_setting.ping_interval_enabled"
          label={tt('pingEnabled')}
          extra={tt('pingEnabledExtra')}
        />
        <OptionNumber
          option="general_setting.ping_interval_seconds"
          label={tt('pingSeconds')}
          extra={tt('pingSecondsExtra')}
        />
      </FieldGrid>
    </OptionSectionForm>
  );
}
