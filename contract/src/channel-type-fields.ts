/**
 * The shapes of a channel type's descriptor facts beyond its endpoints: how its key is written,
 * what its `other` field means, where an OpenAI-compatible upstream expects each call, which
 * balance and model-list APIs it has. The facts themselves are in channel-types.ts, once per type.
 */

/**
 * A key made of several credentials. `parts` are the names the console shows
 * (`APIKey|SecretKey`); `optional` ones may follow them (AWS's session token).
 */
export interface PartsKeyFormat {
  kind: 'parts';
  separator: '|' | '-';
  parts: readonly string[];
  optional?: readonly string[];
}

/** A whole JSON document (Vertex AI's service account): one key, never split into lines. */
export interface JsonKeyFormat {
  kind: 'json';
  /** What the document is, for the error message. */
  description: string;
}

export type ChannelKeyFormat = PartsKeyFormat | JsonKeyFormat;

/**
 * The channel's `other` column for types that use it. Texts are keys under the console's
 * `channels.drawer` (zh and en).
 */
export interface ChannelOtherField {
  label: string;
  placeholder: string;
  hint?: string;
  /** When set, blank is refused with this message (the server's and the console's). */
  required?: string;
  /** Written when left blank. */
  default?: string;
  /** A region name, or a JSON map of model → region that must have `default` (Vertex AI). */
  regionMap?: boolean;
  multiline?: boolean;
}

/**
 * How the console asks for the base URL when not as an optional override of the default: Azure's
 * endpoint, Custom's full URL, FastGPT's private deployment. Texts are `channels.drawer` keys.
 */
export interface ChannelBaseUrlField {
  label: string;
  placeholder: string;
  hint?: string;
  /** When set, blank is refused with this message (the server's; the console's text `required`). */
  required?: string;
}

/** Banners the console shows above a type's fields (`channels.drawer` keys). */
export type ChannelTypeNote = 'azureNote' | 'drawingHint' | 'siliconCloud';

/**
 * Where an OpenAI-compatible upstream expects each endpoint. Without a layout: `<base>/v1<path>`
 * with the client's query string (`<base><path>` for a Cloudflare AI Gateway base URL).
 */
export interface OpenAIUrlLayout {
  kind: 'prefix';
  /** Between the base URL and the OpenAI path; `{other}` is the channel's `other`, URL-encoded. */
  prefix: string;
  /** Endpoints at their own path after the base URL (MiniMax chat, DeepSeek completions). */
  paths?: Readonly<Partial<Record<'chat' | 'completions' | 'embeddings', string>>>;
  /** Chat models named with this prefix use this path after the base URL (Volcano Ark bots). */
  modelPaths?: readonly { modelPrefix: string; path: string }[];
  /** Whether the client's query string is forwarded. */
  query?: boolean;
}

/**
 * Named layouts: Azure's deployments with an `api-version` (the client's, else `other`), and a
 * base URL that is the full URL with `{model}` (Custom).
 */
export type ChannelUrlLayout = OpenAIUrlLayout | { kind: 'azure' } | { kind: 'full-url' };

/** How the key reaches an OpenAI-compatible upstream, and headers its provider asks for. */
export interface ChannelRequestHeaders {
  /** The header carrying the key as is, instead of `Authorization: Bearer <key>` (Azure: `api-key`). */
  keyHeader?: string;
  /** Sends the channel's organization as `OpenAI-Organization`. */
  organization?: boolean;
  /** Fixed headers (OpenRouter's attribution). */
  fixed?: Readonly<Record<string, string>>;
}

/** The provider balance API the server knows for this type (fetchers live in the server). */
export type BalanceApi = 'openai-dashboard' | 'aiproxy' | 'api2gpt' | 'aigc2d' | 'siliconflow' | 'deepseek';

/** The model-list API: OpenAI's `GET /v1/models`, or Gemini's OpenAI-compatible list. */
export type ModelListApi = 'openai' | 'gemini-openai';

/** `APIKey|SecretKey`, with optional parts in brackets: `AK|SK|Region[|SessionToken]`. */
export function keyFormatText(format: ChannelKeyFormat): string {
  if (format.kind === 'json') return format.description;
  const required = format.parts.join(format.separator);
  const optional = (format.optional ?? []).map((p) => `${format.separator}${p}`).join('');
  return optional ? `${required}[${optional}]` : required;
}

/** Whether one key (one line of a create form) is written as the format says. */
export function keyMatchesFormat(format: ChannelKeyFormat, key: string): boolean {
  const text = key.trim();
  if (format.kind === 'json') {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    } catch {
      return false;
    }
  }
  if (format.separator === '-') {
    // FastGPT's API key contains dashes itself: only the last one separates the app id.
    const at = text.lastIndexOf('-');
    return at > 0 && at < text.length - 1;
  }
  const parts = text.split(format.separator).map((p) => p.trim());
  const min = format.parts.length;
  const max = min + (format.optional?.length ?? 0);
  return parts.length >= min && parts.length <= max && parts.every((p) => p !== '');
}
