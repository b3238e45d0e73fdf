import { Button, Form, Toast, useFormApi } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOidcEndpoints } from '../../../api/system-info-queries';
import { OptionField } from './OptionField';
import { OptionSectionForm, fieldOf } from './OptionSectionForm';
import { useServerAddress } from './server-address';

const KEYS = [
  'oidc.client_id',
  'oidc.client_secret',
  'oidc.well_known',
  'oidc.authorization_endpoint',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
] as const;

/** The Well-Known URL with a button that fills the three endpoints from the discovery document. */
function WellKnownField() {
  const { t } = useTranslation();
  const formApi = useFormApi();
  const [loading, setLoading] = useState(false);

  const discover = async () => {
    const url = String(formApi.getValue(fieldOf('oidc.well_known')) ?? '').trim();
    if (!/^https?:\/\//i.test(url)) {
      Toast.error(t('settingSystem.oidc.badUrl'));
      return;
    }
    setLoading(true);
    try {
      const found = await fetchOidcEndpoints(url);
      formApi.setValue(fieldOf('oidc.authorization_endpoint'), found.authorization_endpoint);
      formApi.setValue(fieldOf('oidc.token_endpoint'), found.token_endpoint);
      formApi.setValue(fieldOf('oidc.user_info_endpoint'), found.userinfo_endpoint);
      Toast.success(t('settingSystem.oidc.fetched'));
    } catch {
      Toast.error(t('settingSystem.oidc.fetchFailed'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form.Input
      field={fieldOf('oidc.well_known')}
      label={t('settingSystem.oidc.wellKnown')}
      placeholder="https://example.com/.well-known/openid-configuration"
      extraText={t('settingSystem.oidc.wellKnownHint')}
      fieldClassName="setting-field-wide"
      addonAfter={
        <Button theme="borderless" loading={loading} onClick={() => void discover()}>
          {t('settingSystem.oidc.fetch')}
        </Button>
      }
    />
  );
}

export function OidcSection() {
  const { t } = useTranslation();
  const callback = `${useServerAddress()}/oauth/oidc`;
  return (
    <OptionSectionForm
      title={t('settingSystem.oidc.title')}
      hint={
        <>
          {t('settingSystem.oidc.hint')}
          <br />
          <span className="setting-callback">{t('settingSystem.callbackHint', { url: callback })}</span>
        </>
      }
      keys={KEYS}
      saveText={t('settingSystem.oidc.save')}
    >
      <OptionField optionKey="oidc.client_id" label={t('settingSystem.oidc.clientId')} />
      <OptionField
        optionKey="oidc.client_secret"
        kind="secret"
        label={t('settingSystem.oidc.clientSecret')}
      />
      <WellKnownField />
      <OptionField optionKey="oidc.authorization_endpoint" label={t('settingSystem.oidc.authorization')} />
      <OptionField optionKey="oidc.token_endpoint" label={t('settingSystem.oidc.token')} />
      <OptionField optionKey="oidc.user_info_endpoint" label={t('settingSystem.oidc.userInfo')} />
    </OptionSectionForm>
  );
}
