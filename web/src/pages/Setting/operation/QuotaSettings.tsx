import { Typography, useFormState } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../../api/site-queries';
import { currencyQuota } from '../../../quota/format-quota';
import { fieldOf } from './option-field';
import { FieldGrid, OptionNumber } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

const FIELDS = [
  ['QuotaForNewUser', 'forNewUser', undefined],
  ['PreConsumedQuota', 'preConsumed', 'preConsumedExtra'],
  ['QuotaForInviter', 'forInviter', undefined],
  ['QuotaForInvitee', 'forInvitee', undefined],
] as const;

/** The typed quota as money, so an admin sees what a number of quota units is worth. */
function AsCurrency({ option, note }: { option: string; note?: string }) {
  const { t } = useTranslation();
  const { quota_per_unit } = useSiteStatus();
  const values = (useFormState().values ?? {}) as Record<string, unknown>;
  const quota = values[fieldOf(option)];
  return (
    <Typography.Text type="tertiary" size="small">
      {typeof quota === 'number' &&
        Number.isFinite(quota) &&
        t('settingOperation.quota.asCurrency', { amount: currencyQuota(quota, quota_per_unit) })}
      {note && ` · ${note}`}
    </Typography.Text>
  );
}

/** Quota granted to new and invited users, and held per request. */
export function QuotaSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.quota.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={FIELDS.map(([key]) => key)} saveLabel={tt('save')}>
      <FieldGrid>
        {FIELDS.map(([key, label, note]) => (
          <OptionNumber
            key={key}
            option={key}
            label={tt(label)}
            suffix="Token"
            extra={<AsCurrency option={key} note={note && tt(note)} />}
          />
        ))}
      </FieldGrid>
    </OptionSectionForm>
  );
}
