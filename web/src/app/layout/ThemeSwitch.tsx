import { IconMoon, IconSun } from '@douyinfe/semi-icons';
import { Button, Tooltip } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/theme-mode';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const [mode, setMode] = useThemeMode();
  const label = t(mode === 'dark' ? 'topBar.themeToLight' : 'topBar.themeToDark');
  return (
    <Tooltip content={label}>
      <span>
        <Button
          theme="borderless"
          type="tertiary"
          aria-label={label}
          icon={mode === 'dark' ? <IconSun /> : <IconMoon />}
          onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
        />
      </span>
    </Tooltip>
  );
}
