import type {
  BalanceApi,
  ChannelBaseUrlField,
  ChannelKeyFormat,
  ChannelOtherField,
  ChannelRequestHeaders,
  ChannelTypeNote,
  ChannelUrlLayout,
  ModelListApi,
} from '../channel-type-fields.js';

import type { RelayEndpoint } from './endpoints.js';

export interface ChannelTypeInfo {
  id: number;
  name: string;
  /** Default upstream base URL; empty when the operator must supply one. */
  baseUrl: string;
  /** Which wire protocol our relay speaks to it. */
  protocol: 'openai' | 'native' | 'task' | 'none';
  /** Whether the upstream honours stream_options.include_usage. */
  streamUsage?: boolean;
  /** Key format hint shown in the console. */
  keyHint?: string;
  /** Model families whose option groups (`claude.*`, `gemini.*`) apply to calls through this type. */
  families?: readonly ('claude' | 'gemini')[];
  /**
   * Client endpoints the relay can serve through this type; routing never offers a channel for
   * anything else. Empty for types whose protocol the relay does not speak yet.
   */
  endpoints: readonly RelayEndpoint[];
  /** How a key is written, for types that combine credentials; the server refuses other keys. */
  key?: ChannelKeyFormat;
  /** What `other` holds for types that use it (API version, account id, region, ...). */
  other?: ChannelOtherField;
  /** OpenAI-protocol types: where each endpoint is, when not `<base>/v1/...`. */
  urlLayout?: ChannelUrlLayout;
  /** OpenAI-protocol types: key header and provider headers other than `Authorization: Bearer`. */
  headers?: ChannelRequestHeaders;
  /** The provider's balance API, when it has one the server knows. */
  balance?: BalanceApi;
  /** How the console lists the upstream's models; absent when the type has no such API. */
  modelList?: ModelListApi;
  /** A 403 from this upstream means the key is refused (auto-disable), not a refused request. */
  forbiddenMeansBadKey?: boolean;
  /** The base URL field when it is not an optional override of `baseUrl`. */
  baseUrlField?: ChannelBaseUrlField;
  /** Banners the console shows for this type. */
  notes?: readonly ChannelTypeNote[];
}

export type ChannelTypeEntry = Omit<ChannelTypeInfo, 'endpoints' | 'modelList'> & {
  endpoints?: readonly RelayEndpoint[];
  /** Defaults to OpenAI's list for OpenAI-protocol types at the usual `/v1` paths; `none` when absent. */
  modelList?: ModelListApi | 'none';
};
