import { IconLanguage } from '@douyinfe/semi-icons';
import { Button, Dropdown } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../../i18n/language';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger="click"
      position="bottomRight"
      render={
        <Dropdown.Menu>
          {LANGUAGES.map((language) => (
            <Dropdown.Item
              key={language.code}
              active={i18n.language === language.code}
              onClick={() => void changeLanguage(language.code)}
            >
              {language.label}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      <span>
        <Button
          theme="borderless"
          type="tertiary"
          aria-label={t('topBar.language')}
          icon={<IconLanguage />}
        />
      </span>
    </Dropdown>
  );
}
