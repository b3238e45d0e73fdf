import { Button, Input, Tag, Toast, Typography, useFormApi, useFormState } from '@douyinfe/semi-ui-19';
import { EMAIL_DOMAIN_PATTERN } from '@gateway/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionField } from './OptionField';
import { OptionSectionForm } from './OptionSectionForm';

const FIELD = 'EmailDomainWhitelist';

export const splitDomains = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);

/** The comma list of EmailDomainWhitelist edited as tags: add one domain at a time, remove by tag. */
function DomainTags() {
  const { t } = useTranslation();
  const formApi = useFormApi();
  const values = useFormState().values as Record<string, unknown> | undefined;
  const domains = splitDomains(values?.[FIELD]);
  const [draft, setDraft] = useState('');

  const write = (next: string[]) => formApi.setValue(FIELD, next.join(','));
  const add = () => {
    const domain = draft.trim().toLowerCase();
    if (!domain) return;
    if (!EMAIL_DOMAIN_PATTERN.test(domain)) {
      Toast.error(t('settingSystem.whitelist.badDomain'));
      return;
    }
    if (domains.includes(domain)) {
      Toast.error(t('settingSystem.whitelist.duplicate'));
      return;
    }
    write([...domains, domain]);
    setDraft('');
  };

  return (
    <div className="setting-field-wide">
      <Typography.Text strong>{t('settingSystem.whitelist.domains')}</Typography.Text>
      <div className="setting-tags" data-testid="whitelist-tags">
        {domains.length === 0 && (
          <Typography.Text type="tertiary">{t('settingSystem.whitelist.empty')}</Typography.Text>
        )}
        {domains.map((domain) => (
          <Tag key={domain} closable size="large" onClose={() => write(domains.filter((d) => d !== domain))}>
            {domain}
          </Tag>
        ))}
      </div>
      <div className="setting-inline-row" style={{ marginBottom: 16 }}>
        <Input
          value={draft}
          onChange={setDraft}
          onEnterPress={(e) => {
            // Enter would submit the whole section form.
            e.preventDefault();
            add();
          }}
          placeholder={t('settingSystem.whitelist.addPlaceholder')}
          aria-label={t('settingSystem.whitelist.addPlaceholder')}
        />
        <Button onClick={add}>{t('settingSystem.whitelist.add')}</Button>
      </div>
    </div>
  );
}

export function WhitelistSection() {
  const { t } = useTranslation();
  return (
    <OptionSectionForm
      title={t('settingSystem.whitelist.title')}
      hint={t('settingSystem.whitelist.hint')}
      keys={['EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled', FIELD]}
      saveText={t('settingSystem.whitelist.save')}
    >
      <OptionField
        optionKey="EmailDomainRestrictionEnabled"
        kind="switch"
        label={t('settingSystem.whitelist.restriction')}
      />
      <OptionField
        optionKey="EmailAliasRestrictionEnabled"
        kind="switch"
        label={t('settingSystem.whitelist.alias')}
      />
      <DomainTags />
    </OptionSectionForm>
  );
}
