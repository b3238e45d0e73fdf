import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionNumber, OptionSwitch } from '../operation/OptionFields';
import { OptionSectionForm } from '../operation/OptionSectionForm';
import '../operation/operation.css';

const KEYS = [
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitDurationMinutes',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
];

/** ?tab=ratelimit: the per-user model request limit (spec 2 §5, §9). */
export function RateLimitTab() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.rateLimit.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={KEYS} saveLabel={tt('save')}>
      <OptionSwitch option="ModelRequestRateLimitEnabled" label={tt('enabled')} />
      <FieldGrid>
        <OptionNumber
          option="ModelRequestRateLimitDurationMinutes"
          label={tt('duration')}
          extra={tt('durationExtra')}
          suffix={tt('minutes')}
        />
        <OptionNumber
          option="ModelRequestRateLimitCount"
          label={tt('count')}
          extra={tt('countExtra')}
          suffix={tt('times')}
        />
        <OptionNumber
          option="ModelRequestRateLimitSuccessCount"
          label={tt('successCount')}
          extra={tt('successCountExtra')}
          suffix={tt('times')}
        />
      </FieldGrid>
    </OptionSectionForm>
  );
}
