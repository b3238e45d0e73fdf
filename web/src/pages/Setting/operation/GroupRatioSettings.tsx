import { useTranslation } from 'react-i18next';
import { OptionTextArea } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

/** Group price multipliers and the groups users may pick for their tokens, as JSON. */
export function GroupRatioSettings() {
  const { t } = useTranslation();
  const tt = (key: string) => t(`settingOperation.groups.${key}`);
  return (
    <OptionSectionForm title={tt('title')} keys={['GroupRatio', 'UserUsableGroups']} saveLabel={tt('save')}>
      <OptionTextArea
        option="GroupRatio"
        label={tt('groupRatio')}
        extra={tt('groupRatioExtra')}
        placeholder={tt('groupRatioPlaceholder')}
      />
      <OptionTextArea
        option="UserUsableGroups"
        label={tt('userUsable')}
        extra={tt('userUsableExtra')}
        placeholder={tt('userUsablePlaceholder')}
      />
    </OptionSectionForm>
  );
}
