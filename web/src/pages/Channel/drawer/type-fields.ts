import { channelTypeInfo, SPARK_TYPE, VERTEX_AI_TYPE } from '@gateway/contract';
import { CUSTOM_TYPE } from './channel-form';

/**
 * What the drawer asks for per channel type (spec 2 §3 type notes). Texts are keys under
 * `channels.drawer`.
 */
export interface TypeFields {
  baseUrl: { label: string; placeholder: string; hint?: string; required?: boolean };
  /** The `other` field, when the type uses it (API version, account id, region, ...). */
  other?: { label: string; placeholder: string; hint?: string; multiline?: boolean };
  /** Banners shown above the fields. */
  notes: Array<'azureNote' | 'drawingHint' | 'siliconCloud'>;
  /** e.g. "APIKey|SecretKey": the parts of a key for types that combine several credentials. */
  keyFormat?: string;
  /** Vertex AI: the key is one JSON document, not one key per line. */
  jsonKey: boolean;
}

const AZURE_TYPE = 3;
const KNOWLEDGE_BASE_TYPE = 21;
const FASTGPT_TYPE = 22;
const CLOUDFLARE_TYPE = 39;
const SILICONCLOUD_TYPE = 40;
const DRAWING_TYPES = new Set([2, 5]);

export const SILICONCLOUD_SIGNUP_URL = 'https://cloud.siliconflow.cn/';

export function typeFields(type: number): TypeFields {
  const info = channelTypeInfo(type);
  const fields: TypeFields = {
    baseUrl: info?.baseUrl
      ? { label: 'baseUrl', placeholder: 'baseUrlPlaceholder', hint: 'baseUrlHint' }
      : { label: 'baseUrl', placeholder: 'baseUrlOptional', hint: 'baseUrlHint' },
    notes: [],
    keyFormat: info?.keyHint,
    jsonKey: type === VERTEX_AI_TYPE,
  };
  switch (type) {
    case AZURE_TYPE:
      fields.baseUrl = { label: 'azureEndpoint', placeholder: 'azureEndpointPlaceholder' };
      fields.other = { label: 'azureVersion', placeholder: 'azureVersionPlaceholder' };
      fields.notes.push('azureNote');
      break;
    case CUSTOM_TYPE:
      fields.baseUrl = {
        label: 'customUrl',
        placeholder: 'customUrlPlaceholder',
        hint: 'customUrlHint',
        required: true,
      };
      break;
    case SPARK_TYPE:
      fields.other = {
        label: 'sparkVersion',
        placeholder: 'sparkVersionPlaceholder',
        hint: 'sparkVersionHint',
      };
      break;
    case KNOWLEDGE_BASE_TYPE:
      fields.other = { label: 'knowledgeId', placeholder: 'knowledgeIdPlaceholder' };
      break;
    case FASTGPT_TYPE:
      fields.baseUrl = { label: 'privateDeployment', placeholder: 'privateDeploymentPlaceholder' };
      break;
    case CLOUDFLARE_TYPE:
      fields.other = { label: 'cloudflareAccount', placeholder: 'cloudflareAccountPlaceholder' };
      break;
    case SILICONCLOUD_TYPE:
      fields.notes.push('siliconCloud');
      break;
    case VERTEX_AI_TYPE:
      fields.other = {
        label: 'vertexRegion',
        placeholder: 'vertexRegionPlaceholder',
        hint: 'vertexRegionHint',
        multiline: true,
      };
      break;
  }
  if (DRAWING_TYPES.has(type)) fields.notes.push('drawingHint');
  return fields;
}
