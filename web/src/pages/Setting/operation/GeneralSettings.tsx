import { Banner, Typography, useFormState } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { isRoot, useStoredUser } from '../../../session/stored-user';
import { fieldOf } from './option-field';
import { FieldGrid, OptionInput, OptionNumber, OptionSwitch } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

const ROOT_KEYS = ['TopUpLink', 'general_setting.docs_link'];
const KEYS = [
  'QuotaPerUnit',
  'RetryTimes',
  'DisplayInCurrencyEnabled',
  'DisplayTokenStatEnabled',
  'DefaultCollapseSidebar',
  'DemoSiteEnabled',
  'SelfUseModeEnabled',
];

/** What one quota is worth at the typed rate, with the 6 decimals the default rate is made for. */
function QuotaUnitValue() {
  const { t } = useTranslation();
  const values = (useFormState().values ?? {}) as Record<string, unknown>;
  const perUnit = Number(values[fieldOf('QuotaPerUnit')]);
  if (!Number.isFinite(perUnit) || perUnit <= 0) return null;
  return (
    <Typography.Text type="tertiary" size="small">
      {t('settingOperation.general.quotaPerUnitValue', { amount: `$${(1 / perUnit).toFixed(6)}` })}
    </Typography.Text>
  );
}

/** General operation settings; the top-up and documentation links are the super admin's. */
export function GeneralSettings() {
  const { t } = useTranslation();
  const root = isRoot(useStoredUser());
  const tt = (key: string) => t(`settingOperation.general.${key}`);
  return (
    <OptionSectionForm
      title={tt('title')}
      keys={root ? [...ROOT_KEYS, ...KEYS] : KEYS}
      saveLabel={tt('save')}
    >
      <Banner
        type="warning"
        fullMode={false}
        closeIcon={null}
        description={tt('quotaPerUnitWarning')}
        className="option-banner"
      />
      <FieldGrid>
        {root && (
          <OptionInput option="TopUpLink" label={tt('topUpLink')} placeholder={tt('topUpLinkPlaceholder')} />
        )}
        {root && (
          <OptionInput
            option="general_setting.docs_link"
            label={tt('docsLink')}
            placeholder={tt('docsLinkPlaceholder')}
          />
        )}
        <OptionNumber
          option="QuotaPerUnit"
          label={tt('quotaPerUnit')}
          placeholder={tt('quotaPerUnitPlaceholder')}
          extra={<QuotaUnitValue />}
        />
        <OptionNumber option="RetryTimes" label={tt('retryTimes')} />
      </FieldGrid>
      <FieldGrid>
        <OptionSwitch option="DisplayInCurrencyEnabled" label={tt('displayInCurrency')} />
        <OptionSwitch option="DisplayTokenStatEnabled" label={tt('displayTokenStat')} />
        <OptionSwitch option="DefaultCollapseSidebar" label={tt('defaultCollapseSidebar')} />
        <OptionSwitch option="DemoSiteEnabled" label={tt('demoSite')} />
        <OptionSwitch option="SelfUseModeEnabled" label={tt('selfUseMode')} extra={tt('selfUseModeExtra')} />
      </FieldGrid>
    </OptionSectionForm>
  );
}
