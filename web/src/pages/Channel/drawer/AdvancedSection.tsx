import { Input, Switch, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues, JsonField } from './channel-form';
import { FormField } from './FormField';
import { JsonTextArea } from './JsonTextArea';

interface Props {
  values: ChannelFormValues;
  set(patch: Partial<ChannelFormValues>): void;
  /** Editing a stored channel: its header values arrive masked. */
  editing?: boolean;
}

/** Label and placeholder keys (under channels.drawer) of the JSON fields besides model mapping. */
export const JSON_FIELD_TEXTS: Record<JsonField, { label: string; placeholder: string }> = {
  status_code_mapping: { label: 'statusCodeMapping', placeholder: 'statusCodeMappingPlaceholder' },
  param_override: { label: 'paramOverride', placeholder: 'paramOverridePlaceholder' },
  headers: { label: 'headers', placeholder: 'headersPlaceholder' },
  setting: { label: 'setting', placeholder: 'settingPlaceholder' },
};

/** Priority, weight, tag, auto-ban, input limit and the JSON overrides. */
export function AdvancedSection({ values, set, editing = false }: Props) {
  const { t } = useTranslation();
  const d = (key: string) => t(`channels.drawer.${key}`);

  return (
    <section className="channel-drawer-section">
      <Typography.Title heading={6}>{d('sections.advanced')}</Typography.Title>
      <div className="channel-field-row">
        <FormField id="channel-priority" label={d('priority')}>
          <Input id="channel-priority" value={values.priority} onChange={(priority) => set({ priority })} />
        </FormField>
        <FormField id="channel-weight" label={d('weight')}>
          <Input id="channel-weight" value={values.weight} onChange={(weight) => set({ weight })} />
        </FormField>
        <FormField id="channel-max-input-tokens" label={d('maxInputTokens')} hint={d('maxInputTokensHint')}>
          <Input
            id="channel-max-input-tokens"
            value={values.max_input_tokens}
            onChange={(max_input_tokens) => set({ max_input_tokens })}
          />
        </FormField>
      </div>
      <FormField id="channel-tag" label={d('tag')}>
        <Input
          id="channel-tag"
          value={values.tag}
          placeholder={d('tagPlaceholder')}
          onChange={(tag) => set({ tag })}
        />
      </FormField>
      <FormField id="channel-auto-ban" label={d('autoBan')} hint={d('autoBanHint')}>
        <Switch
          id="channel-auto-ban"
          aria-labelledby="channel-auto-ban-label"
          checked={values.auto_ban}
          onChange={(auto_ban) => set({ auto_ban })}
        />
      </FormField>
      {(Object.keys(JSON_FIELD_TEXTS) as JsonField[]).map((field) => (
        <JsonTextArea
          key={field}
          id={`channel-${field.replaceAll('_', '-')}`}
          label={d(JSON_FIELD_TEXTS[field].label)}
          placeholder={d(JSON_FIELD_TEXTS[field].placeholder)}
          hint={editing && field === 'headers' ? d('headersMaskedHint') : undefined}
          value={values[field]}
          onChange={(text) => set({ [field]: text })}
        />
      ))}
    </section>
  );
}
