import {
  CHANNEL_MESSAGES,
  CHANNEL_PRIORITY_MIN,
  channelKeyProblem,
  channelOtherValue,
  channelTypeInfo,
  isJsonKeyType,
  splitChannelKeys,
  vertexRegionError,
  type ChannelCreateRequest,
  type ChannelView,
} from '@gateway/contract';
import { commaList } from '../channel-display';
import { isJsonObjectText, prettyJson } from '../json-text';

/** How the drawer was opened. A copy starts from another channel but creates a new one. */
export type DrawerMode = { kind: 'create' } | { kind: 'edit'; id: number };

/** The drawer's fields: lists as arrays, numbers as the text typed. */
export interface ChannelFormValues {
  type: number;
  name: string;
  key: string;
  base_url: string;
  other: string;
  openai_organization: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  param_override: string;
  headers: string;
  setting: string;
  test_model: string;
  priority: string;
  weight: string;
  tag: string;
  auto_ban: boolean;
  max_input_tokens: string;
}

/** The JSON text fields besides model mapping, in the order they are checked. */
export const JSON_FIELDS = ['status_code_mapping', 'param_override', 'headers', 'setting'] as const;
export type JsonField = (typeof JSON_FIELDS)[number];

/** Spec 2 §9: type 1, auto_ban on, group default, priority 0, weight 0. */
export function emptyChannelForm(): ChannelFormValues {
  return {
    type: 1,
    name: '',
    key: '',
    base_url: '',
    other: '',
    openai_organization: '',
    models: [],
    groups: ['default'],
    model_mapping: '',
    status_code_mapping: '',
    param_override: '',
    headers: '',
    setting: '',
    test_model: '',
    priority: '0',
    weight: '0',
    tag: '',
    auto_ban: true,
    max_input_tokens: '0',
  };
}

/** A stored channel as form values; the key stays blank (the server never sends it). */
export function formFromChannel(channel: ChannelView): ChannelFormValues {
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    base_url: channel.base_url,
    other: channel.other,
    openai_organization: channel.openai_organization,
    models: commaList(channel.models),
    groups: commaList(channel.group),
    model_mapping: prettyJson(channel.model_mapping),
    status_code_mapping: prettyJson(channel.status_code_mapping),
    param_override: prettyJson(channel.param_override),
    headers: prettyJson(channel.headers),
    setting: prettyJson(channel.setting),
    test_model: channel.test_model,
    priority: String(channel.priority),
    weight: String(channel.weight),
    tag: channel.tag ?? '',
    auto_ban: channel.auto_ban !== 0,
    max_input_tokens: String(channel.max_input_tokens ?? 0),
  };
}

/** Trailing slashes go (spec 2 §5). */
export const normalizeBaseUrl = (url: string) => url.trim().replace(/\/+$/, '');

/** A base URL ending in /v1 asks for confirmation: the relay adds the path itself. */
export const endsWithV1 = (url: string) => /\/v1$/i.test(normalizeBaseUrl(url));

/** How many channels a create makes: one per key line (Vertex AI: the whole JSON is one key). */
export const keyCount = (type: number, key: string) => splitChannelKeys(type, key).length;

/** The first key of the field, for asking the upstream for its model list. */
export const firstKey = (type: number, key: string) => splitChannelKeys(type, key)[0] ?? '';

/** A refusal: the text's i18n key, for a JSON field which one (named in the message), its values. */
export interface ChannelFormError {
  text: string;
  field?: JsonField;
  params?: Record<string, string | number>;
}

const drawerText = (key: string): ChannelFormError => ({ text: `channels.drawer.${key}` });
const messageText = (key: string): ChannelFormError => ({ text: `channels.messages.${key}` });

/** vertexRegionError's messages (the shared schema's Chinese) as text keys. */
const REGION_ERRORS: Record<string, string> = {
  [CHANNEL_MESSAGES.regionRequired]: 'regionRequired',
  [CHANNEL_MESSAGES.regionNeedsDefault]: 'regionNeedsDefault',
};

const integerText = (text: string) => /^\s*[+-]?\d+\s*$/.test(text);

/**
 * Spec 2 §5, in the order the product checks: name and key (key only when creating), at least one
 * model, model mapping JSON, then the other JSON fields, the type's own fields and the numbers.
 */
export function checkChannelForm(values: ChannelFormValues, creating: boolean): ChannelFormError | null {
  if (!values.name.trim() || (creating && keyCount(values.type, values.key) === 0)) {
    return drawerText('nameAndKeyRequired');
  }
  if (values.models.length === 0) return drawerText('modelsRequired');
  if (!isJsonObjectText(values.model_mapping)) return drawerText('modelMappingInvalid');
  for (const field of JSON_FIELDS) {
    if (!isJsonObjectText(values[field])) return { text: 'channels.drawer.fieldInvalidJson', field };
  }
  const typeError = checkTypeFields(values, creating);
  if (typeError) return typeError;
  if (values.priority.trim()) {
    if (!integerText(values.priority)) return messageText('priorityInteger');
    if (Number(values.priority) < CHANNEL_PRIORITY_MIN) return messageText('priorityMin');
  }
  if (values.weight.trim() && (!integerText(values.weight) || Number(values.weight) < 0)) {
    return messageText('weightNonNegative');
  }
  return null;
}

/**
 * The type's own rules from its descriptor, as the server applies them: a required base URL or
 * `other` (texts `<label>Required`), a region map, the key format of every key given.
 */
function checkTypeFields(values: ChannelFormValues, creating: boolean): ChannelFormError | null {
  const info = channelTypeInfo(values.type);
  if (info?.baseUrlField?.required && !normalizeBaseUrl(values.base_url))
    return drawerText(`${info.baseUrlField.label}Required`);
  const other = info?.other;
  if (other?.regionMap) {
    const region = vertexRegionError(values.other);
    if (region) return drawerText(REGION_ERRORS[region] ?? 'regionInvalidJson');
  } else if (other?.required && !values.other.trim()) return drawerText(`${other.label}Required`);
  const keys = creating ? splitChannelKeys(values.type, values.key) : [values.key.trim()].filter(Boolean);
  const problem = channelKeyProblem(values.type, keys);
  if (!problem) return null;
  const params = { type: problem.typeName, format: problem.format, line: problem.line };
  return {
    text: `channels.drawer.${problem.count > 1 ? 'keyLineFormatInvalid' : 'keyFormatInvalid'}`,
    params,
  };
}

const intOr = (text: string, fallback: number) => {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? fallback : value;
};

/**
 * The request body: models and groups as comma strings, numbers parsed, base URL without a
 * trailing slash, a blank `other` as the type's default. On an edit a blank key is left out (kept).
 */
export function channelPayload(values: ChannelFormValues, creating: boolean): ChannelCreateRequest {
  const other = values.other.trim();
  const key = isJsonKeyType(values.type) ? values.key.trim() : values.key;
  const body: ChannelCreateRequest = {
    type: values.type,
    name: values.name.trim(),
    key: creating ? key : key.trim(),
    base_url: normalizeBaseUrl(values.base_url),
    // The type's default for a blank `other` (Spark: v2.1), as the server would apply it.
    other: channelOtherValue(values.type, other),
    openai_organization: values.openai_organization.trim(),
    models: values.models.join(','),
    group: values.groups.join(','),
    model_mapping: values.model_mapping.trim(),
    status_code_mapping: values.status_code_mapping.trim(),
    param_override: values.param_override.trim(),
    headers: values.headers.trim(),
    setting: values.setting.trim(),
    test_model: values.test_model.trim(),
    priority: intOr(values.priority, 0),
    weight: intOr(values.weight, 0),
    tag: values.tag.trim() || null,
    auto_ban: values.auto_ban ? 1 : 0,
    max_input_tokens: Math.max(0, intOr(values.max_input_tokens, 0)),
  };
  return body;
}
