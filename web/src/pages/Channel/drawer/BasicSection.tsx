import { Banner, Input, Select, TextArea, Typography } from '@douyinfe/semi-ui-19';
import { CHANNEL_TYPES, channelTypeInfo } from '@gateway/contract';
import { useTranslation } from 'react-i18next';
import { keyCount, type ChannelFormValues, type DrawerMode } from './channel-form';
import { FormField } from './FormField';
import { SILICONCLOUD_SIGNUP_URL, typeFields } from './type-fields';

interface Props {
  values: ChannelFormValues;
  set(patch: Partial<ChannelFormValues>): void;
  mode: DrawerMode;
  /** An edit changes where the stored key goes but has no new key (not allowed but to root). */
  needsKey?: boolean;
}

const TYPE_OPTIONS = CHANNEL_TYPES.map((type) => ({ value: type.id, label: `${type.name} (${type.id})` }));

/** Type (with its notes), name, key, base URL, the type's own `other` field and organization. */
export function BasicSection({ values, set, mode, needsKey = false }: Props) {
  const { t } = useTranslation();
  const d = (key: string, options?: Record<string, unknown>) => t(`channels.drawer.${key}`, options);
  const fields = typeFields(values.type);
  const defaultUrl = channelTypeInfo(values.type)?.baseUrl ?? '';

  return (
    <section className="channel-drawer-section">
      <Typography.Title heading={6}>{d('sections.basic')}</Typography.Title>
      <FormField id="channel-type" label={d('type')}>
        <Select
          id="channel-type"
          aria-labelledby="channel-type-label"
          filter
          style={{ width: '100%' }}
          optionList={TYPE_OPTIONS}
          value={values.type}
          onChange={(type) => set({ type: Number(type) })}
        />
      </FormField>
      {fields.notes.map((note) => (
        <Banner
          key={note}
          className="channel-type-note"
          type={note === 'siliconCloud' ? 'info' : 'warning'}
          closeIcon={null}
          description={
            note === 'siliconCloud' ? (
              <span>
                {d('siliconCloud')}{' '}
                <a href={SILICONCLOUD_SIGNUP_URL} target="_blank" rel="noreferrer">
                  {d('siliconCloudLink')}
                </a>
              </span>
            ) : (
              d(note)
            )
          }
        />
      ))}
      <FormField id="channel-name" label={d('name')}>
        <Input
          id="channel-name"
          value={values.name}
          placeholder={d('namePlaceholder')}
          onChange={(name) => set({ name })}
        />
      </FormField>
      {needsKey && (
        <Banner
          className="channel-key-required"
          type="warning"
          closeIcon={null}
          description={d('keyRequiredForAddress')}
        />
      )}
      <KeyField values={values} set={set} mode={mode} />
      <FormField
        id="channel-base-url"
        label={d(fields.baseUrl.label)}
        hint={fields.baseUrl.hint ? d(fields.baseUrl.hint) : undefined}
        required={fields.baseUrl.required}
      >
        <Input
          id="channel-base-url"
          aria-required={fields.baseUrl.required}
          value={values.base_url}
          placeholder={d(fields.baseUrl.placeholder, { url: defaultUrl })}
          onChange={(base_url) => set({ base_url })}
        />
      </FormField>
      {fields.other && (
        <FormField
          id="channel-other"
          label={d(fields.other.label)}
          hint={fields.other.hint ? d(fields.other.hint) : undefined}
          required={fields.other.required}
        >
          {fields.other.multiline ? (
            <TextArea
              id="channel-other"
              aria-required={fields.other.required}
              value={values.other}
              placeholder={d(fields.other.placeholder)}
              autosize={{ minRows: 2, maxRows: 8 }}
              onChange={(other) => set({ other })}
            />
          ) : (
            <Input
              id="channel-other"
              aria-required={fields.other.required}
              value={values.other}
              placeholder={d(fields.other.placeholder)}
              onChange={(other) => set({ other })}
            />
          )}
        </FormField>
      )}
      <FormField id="channel-organization" label={d('organization')} hint={d('organizationHint')}>
        <Input
          id="channel-organization"
          value={values.openai_organization}
          placeholder={d('organizationPlaceholder')}
          onChange={(openai_organization) => set({ openai_organization })}
        />
      </FormField>
    </section>
  );
}

/**
 * Creating: several lines make several channels (Vertex AI: one JSON credential). Editing: one
 * key, blank keeps the stored one. A copy needs its key again: the server never returns keys.
 */
function KeyField({ values, set, mode }: Props) {
  const { t } = useTranslation();
  const d = (key: string, options?: Record<string, unknown>) => t(`channels.drawer.${key}`, options);
  const fields = typeFields(values.type);
  const editing = mode.kind === 'edit';
  const count = keyCount(values.type, values.key);
  const formatHint = fields.keyFormat ? d('keyFormat', { format: fields.keyFormat }) : null;

  let placeholder = formatHint ?? d('keyPlaceholder');
  if (fields.jsonKey) placeholder = d('vertexKeyPlaceholder');
  else if (editing) placeholder = d('keyEditPlaceholder');

  const hints: string[] = [];
  if (formatHint && editing) hints.push(formatHint);
  if (fields.jsonKey) hints.push(d('vertexKeyHint'));
  else if (!editing) hints.push(d('keyMultiHint'));
  if (editing) hints.push(d('keyEditHint'));
  if (!editing && !fields.jsonKey && count > 1) hints.push(d('keyCount', { count }));

  return (
    <FormField
      id="channel-key"
      label={d('key')}
      hint={
        <span className="channel-key-hints">
          {hints.map((hint) => (
            <span key={hint}>{hint}</span>
          ))}
        </span>
      }
    >
      {editing && !fields.jsonKey ? (
        <Input
          id="channel-key"
          mode="password"
          autoComplete="new-password"
          value={values.key}
          placeholder={placeholder}
          onChange={(key) => set({ key })}
        />
      ) : (
        <TextArea
          id="channel-key"
          value={values.key}
          placeholder={placeholder}
          autosize={{ minRows: fields.jsonKey ? 6 : 3, maxRows: 12 }}
          onChange={(key) => set({ key })}
        />
      )}
    </FormField>
  );
}
