import { channelTypeInfo, keyFormatText, type ChannelTypeNote } from '@gateway/contract';

/**
 * What the drawer asks for per channel type, read from the type's descriptor (spec 2 §3 type
 * notes). Texts are keys under `channels.drawer`.
 */
export interface TypeFields {
  baseUrl: { label: string; placeholder: string; hint?: string; required?: boolean };
  /** The `other` field, when the type uses it (API version, account id, region, ...). */
  other?: { label: string; placeholder: string; hint?: string; multiline?: boolean; required: boolean };
  /** Banners shown above the fields. */
  notes: readonly ChannelTypeNote[];
  /** e.g. "APIKey|SecretKey": the parts of a key for types that combine several credentials. */
  keyFormat?: string;
  /** Vertex AI: the key is one JSON document, not one key per line. */
  jsonKey: boolean;
}

export const SILICONCLOUD_SIGNUP_URL = 'https://cloud.siliconflow.cn/';

export function typeFields(type: number): TypeFields {
  const info = channelTypeInfo(type);
  const key = info?.key;
  const own = info?.baseUrlField;
  const other = info?.other;
  return {
    baseUrl: own
      ? {
          label: own.label,
          placeholder: own.placeholder,
          hint: own.hint,
          required: own.required !== undefined,
        }
      : {
          label: 'baseUrl',
          placeholder: info?.baseUrl ? 'baseUrlPlaceholder' : 'baseUrlOptional',
          hint: 'baseUrlHint',
        },
    other: other && {
      label: other.label,
      placeholder: other.placeholder,
      hint: other.hint,
      multiline: other.multiline,
      required: other.required !== undefined,
    },
    notes: info?.notes ?? [],
    // The descriptor's hint names the usual parts; the format itself also shows optional ones.
    keyFormat: info?.keyHint ?? (key?.kind === 'parts' ? keyFormatText(key) : undefined),
    jsonKey: key?.kind === 'json',
  };
}
