import { Modal, useFormApi } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { OptionField } from './OptionField';
import { OptionSectionForm, fieldOf } from './OptionSectionForm';

const SWITCHES = [
  ['PasswordLoginEnabled', 'passwordLogin'],
  ['PasswordRegisterEnabled', 'passwordRegister'],
  ['EmailVerificationEnabled', 'emailVerification'],
  ['GitHubOAuthEnabled', 'github'],
  ['oidc.enabled', 'oidc'],
  ['LinuxDOOAuthEnabled', 'linuxdo'],
  ['WeChatAuthEnabled', 'wechat'],
  ['TelegramOAuthEnabled', 'telegram'],
  ['RegisterEnabled', 'register'],
  ['TurnstileCheckEnabled', 'turnstile'],
] as const;

function LoginSwitches() {
  const { t } = useTranslation();
  const formApi = useFormApi();

  // Spec 1 §4: turning password sign-in off asks first; cancelling puts the switch back.
  const confirmPasswordLoginOff = (checked: boolean) => {
    if (checked) return;
    Modal.confirm({
      title: t('settingSystem.login.confirmTitle'),
      content: t('settingSystem.login.confirmContent'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onCancel: () => formApi.setValue(fieldOf('PasswordLoginEnabled'), true),
    });
  };

  return (
    <>
      {SWITCHES.map(([key, text]) => (
        <OptionField
          key={key}
          optionKey={key}
          kind="switch"
          label={t(`settingSystem.login.${text}`)}
          onSwitch={key === 'PasswordLoginEnabled' ? confirmPasswordLoginOff : undefined}
        />
      ))}
    </>
  );
}

export function LoginSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.login.title')}
      keys={SWITCHES.map(([key]) => key)}
      saveText={t('settingSystem.login.save')}
    >
      <LoginSwitches />
    </OptionSectionForm>
  );
}
