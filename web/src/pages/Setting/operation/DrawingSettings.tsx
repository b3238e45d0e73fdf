import { useTranslation } from 'react-i18next';
import { FieldGrid, OptionSwitch } from './OptionFields';
import { OptionSectionForm } from './OptionSectionForm';

const SWITCHES = [
  ['DrawingEnabled', 'drawingEnabled'],
  ['MjNotifyEnabled', 'mjNotify'],
  ['MjAccountFilterEnabled', 'mjAccountFilter'],
  ['MjForwardUrlEnabled', 'mjForwardUrl'],
  ['MjModeClearEnabled', 'mjModeClear'],
  ['MjActionCheckSuccessEnabled', 'mjActionCheckSuccess'],
] as const;

/** Drawing (Midjourney) switches. */
export function DrawingSettings() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingOperation.drawing.title')}
      keys={SWITCHES.map(([key]) => key)}
      saveLabel={t('settingOperation.drawing.save')}
    >
      <FieldGrid>
        {SWITCHES.map(([key, text]) => (
          <OptionSwitch key={key} option={key} label={t(`settingOperation.drawing.${text}`)} />
        ))}
      </FieldGrid>
    </OptionSectionForm>
  );
}
