import { Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { OptionField } from './OptionField';
import { OptionSectionForm } from './OptionSectionForm';
import { useServerAddress } from './server-address';

/** A callback address to register at the provider, shown under a section's hint. */
function CallbackHint({ hint, path }: { hint: string; path: string }) {
  const { t } = useTranslation();
  const url = `${useServerAddress()}${path}`;
  return (
    <>
      {hint}
      <br />
      <Typography.Text className="setting-callback" copyable={{ content: url }}>
        {t('settingSystem.callbackHint', { url })}
      </Typography.Text>
    </>
  );
}

export function GeneralSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.general.title')}
      keys={['ServerAddress']}
      saveText={t('settingSystem.general.save')}
    >
      <OptionField
        optionKey="ServerAddress"
        label={t('settingSystem.general.serverAddress')}
        placeholder="https://yourdomain.com"
        extraText={t('settingSystem.general.serverAddressHint')}
      />
    </OptionSectionForm>
  );
}

export function WorkerSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.worker.title')}
      hint={t('settingSystem.worker.hint')}
      keys={['WorkerUrl', 'WorkerValidKey']}
      saveText={t('settingSystem.worker.save')}
    >
      <OptionField optionKey="WorkerUrl" label={t('settingSystem.worker.url')} placeholder="https://" />
      <OptionField optionKey="WorkerValidKey" kind="secret" label={t('settingSystem.worker.key')} />
    </OptionSectionForm>
  );
}

/** Where server-side calls to user-given addresses (quota-warning webhooks) may go. */
export function OutboundSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.outbound.title')}
      hint={t('settingSystem.outbound.hint')}
      keys={['AllowPrivateWebhookAddresses']}
      saveText={t('settingSystem.outbound.save')}
    >
      <OptionField
        optionKey="AllowPrivateWebhookAddresses"
        kind="switch"
        label={t('settingSystem.outbound.allowPrivate')}
        extraText={t('settingSystem.outbound.allowPrivateHint')}
      />
    </OptionSectionForm>
  );
}

export function SmtpSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.smtp.title')}
      hint={t('settingSystem.smtp.hint')}
      keys={['SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled']}
      saveText={t('settingSystem.smtp.save')}
    >
      <OptionField
        optionKey="SMTPServer"
        label={t('settingSystem.smtp.server')}
        placeholder="smtp.example.com"
      />
      <OptionField optionKey="SMTPPort" kind="number" min={1} label={t('settingSystem.smtp.port')} />
      <OptionField optionKey="SMTPAccount" label={t('settingSystem.smtp.account')} />
      <OptionField optionKey="SMTPFrom" label={t('settingSystem.smtp.from')} />
      <OptionField optionKey="SMTPToken" kind="secret" label={t('settingSystem.smtp.token')} />
      <OptionField optionKey="SMTPSSLEnabled" kind="switch" label={t('settingSystem.smtp.ssl')} />
    </OptionSectionForm>
  );
}

export function GitHubSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.github.title')}
      hint={<CallbackHint hint={t('settingSystem.github.hint')} path="/oauth/github" />}
      keys={['GitHubClientId', 'GitHubClientSecret']}
      saveText={t('settingSystem.github.save')}
    >
      <OptionField optionKey="GitHubClientId" label={t('settingSystem.github.clientId')} />
      <OptionField
        optionKey="GitHubClientSecret"
        kind="secret"
        label={t('settingSystem.github.clientSecret')}
      />
    </OptionSectionForm>
  );
}

export function LinuxDoSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.linuxdo.title')}
      hint={<CallbackHint hint={t('settingSystem.linuxdo.hint')} path="/oauth/linuxdo" />}
      keys={['LinuxDOClientId', 'LinuxDOClientSecret']}
      saveText={t('settingSystem.linuxdo.save')}
    >
      <OptionField optionKey="LinuxDOClientId" label={t('settingSystem.linuxdo.clientId')} />
      <OptionField
        optionKey="LinuxDOClientSecret"
        kind="secret"
        label={t('settingSystem.linuxdo.clientSecret')}
      />
    </OptionSectionForm>
  );
}

export function WeChatSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.wechat.title')}
      hint={t('settingSystem.wechat.hint')}
      keys={['WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL']}
      saveText={t('settingSystem.wechat.save')}
    >
      <OptionField
        optionKey="WeChatServerAddress"
        label={t('settingSystem.wechat.address')}
        placeholder="https://"
      />
      <OptionField optionKey="WeChatServerToken" kind="secret" label={t('settingSystem.wechat.token')} />
      <OptionField optionKey="WeChatAccountQRCodeImageURL" label={t('settingSystem.wechat.qrcode')} />
    </OptionSectionForm>
  );
}

export function TelegramSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.telegram.title')}
      hint={t('settingSystem.telegram.hint')}
      keys={['TelegramBotToken', 'TelegramBotName']}
      saveText={t('settingSystem.telegram.save')}
    >
      <OptionField optionKey="TelegramBotToken" kind="secret" label={t('settingSystem.telegram.botToken')} />
      <OptionField optionKey="TelegramBotName" label={t('settingSystem.telegram.botName')} />
    </OptionSectionForm>
  );
}

export function TurnstileSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.turnstile.title')}
      hint={t('settingSystem.turnstile.hint')}
      keys={['TurnstileSiteKey', 'TurnstileSecretKey']}
      saveText={t('settingSystem.turnstile.save')}
    >
      <OptionField optionKey="TurnstileSiteKey" label={t('settingSystem.turnstile.siteKey')} />
      <OptionField
        optionKey="TurnstileSecretKey"
        kind="secret"
        label={t('settingSystem.turnstile.secretKey')}
      />
    </OptionSectionForm>
  );
}
