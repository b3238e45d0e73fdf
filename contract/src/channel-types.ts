import type {
  BalanceApi,
  ChannelBaseUrlField,
  ChannelKeyFormat,
  ChannelOtherField,
  ChannelRequestHeaders,
  ChannelTypeNote,
  ChannelUrlLayout,
  ModelListApi,
} from './channel-type-fields.js';

/**
 * Upstream channel types. Ids are those of the existing gateways so that exported channel
 * lists and client scripts keep working.
 */

/** Client endpoints of the relay, as routing asks "can this channel serve it?". */
export type RelayEndpoint =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'images'
  | 'speech'
  | 'transcription'
  | 'translation'
  | 'moderations'
  | 'rerank'
  | 'messages'
  /** Gemini generateContent / streamGenerateContent (`/v1beta/models/{model}:…`). */
  | 'gemini'
  /** Suno music and lyrics tasks (`/suno/submit/:action`). */
  | 'suno'
  /** OpenAI Responses (`POST /v1/responses`): natively on OpenAI itself, through the hub elsewhere. */
  | 'responses'
  /** OpenAI Realtime (`GET /v1/realtime`, a WebSocket relayed as is). */
  | 'realtime'
  /** Midjourney-proxy task submissions (`/mj/submit/…`, `/{mode}/mj/submit/…`). */
  | 'midjourney'
  /** Gemini embedContent / batchEmbedContents (`/v1beta/models/{model}:…`). */
  | 'gemini-embed';

/** Everything an OpenAI-compatible upstream serves; Anthropic Messages and Gemini by conversion to chat. */
const OPENAI_ENDPOINTS: readonly RelayEndpoint[] = [
  'chat',
  'completions',
  'embeddings',
  'images',
  'speech',
  'transcription',
  'translation',
  'moderations',
  'rerank',
  'messages',
  'gemini',
  'responses',
  // Gemini embedContent / batchEmbedContents, converted to /v1/embeddings.
  'gemini-embed',
];

/** OpenAI itself also serves Realtime sessions. */
const OPENAI_REALTIME_ENDPOINTS: readonly RelayEndpoint[] = [...OPENAI_ENDPOINTS, 'realtime'];

/** Chat only: OpenAI chat natively, Anthropic Messages, Gemini and Responses as chat through the hub. */
const CHAT_ENDPOINTS: readonly RelayEndpoint[] = ['chat', 'messages', 'gemini', 'responses'];

/** The Anthropic Messages API natively, OpenAI chat and Gemini by conversion. */
const CLAUDE_ENDPOINTS: readonly RelayEndpoint[] = ['messages', 'chat', 'gemini', 'responses'];

/** Gemini generateContent natively, OpenAI chat and Anthropic Messages by conversion. */
const GEMINI_ENDPOINTS: readonly RelayEndpoint[] = ['gemini', 'chat', 'messages', 'responses'];

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

type ChannelTypeEntry = Omit<ChannelTypeInfo, 'endpoints' | 'modelList'> & {
  endpoints?: readonly RelayEndpoint[];
  /** Defaults to OpenAI's list for OpenAI-protocol types at the usual `/v1` paths; `none` when absent. */
  modelList?: ModelListApi | 'none';
};

const ENTRIES: readonly ChannelTypeEntry[] = [
  {
    id: 1,
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com',
    protocol: 'openai',
    streamUsage: true,
    endpoints: OPENAI_REALTIME_ENDPOINTS,
    headers: { organization: true },
    balance: 'openai-dashboard',
  },
  {
    id: 2,
    name: 'Midjourney Proxy',
    baseUrl: '',
    protocol: 'task',
    keyHint: 'mj-api-secret',
    endpoints: ['midjourney'],
    notes: ['drawingHint'],
  },
  {
    id: 3,
    name: 'Azure OpenAI',
    baseUrl: '',
    protocol: 'openai',
    streamUsage: true,
    endpoints: OPENAI_REALTIME_ENDPOINTS,
    other: { label: 'azureVersion', placeholder: 'azureVersionPlaceholder' },
    urlLayout: { kind: 'azure' },
    headers: { keyHeader: 'api-key' },
    baseUrlField: { label: 'azureEndpoint', placeholder: 'azureEndpointPlaceholder' },
    notes: ['azureNote'],
  },
  // Chat and the rest through Ollama's OpenAI-compatible /v1; embeddings through its native /api/embed.
  { id: 4, name: 'Ollama', baseUrl: 'http://localhost:11434', protocol: 'openai', streamUsage: true },
  {
    id: 5,
    name: 'Midjourney Proxy Plus',
    baseUrl: '',
    protocol: 'task',
    keyHint: 'mj-api-secret',
    endpoints: ['midjourney'],
    notes: ['drawingHint'],
  },
  { id: 6, name: 'OpenAIMax', baseUrl: 'https://api.openaimax.com', protocol: 'openai' },
  { id: 7, name: 'OhMyGPT', baseUrl: 'https://api.ohmygpt.com', protocol: 'openai' },
  {
    id: 8,
    name: 'Custom',
    baseUrl: '',
    protocol: 'openai',
    streamUsage: true,
    urlLayout: { kind: 'full-url' },
    balance: 'openai-dashboard',
    baseUrlField: {
      label: 'customUrl',
      placeholder: 'customUrlPlaceholder',
      hint: 'customUrlHint',
      required: '请填写完整的 Base URL',
    },
  },
  { id: 9, name: 'AILS', baseUrl: 'https://api.caipacity.com', protocol: 'openai' },
  { id: 10, name: 'AIProxy', baseUrl: 'https://api.aiproxy.io', protocol: 'openai', balance: 'aiproxy' },
  {
    id: 11,
    name: 'PaLM2',
    baseUrl: 'https://generativelanguage.googleapis.com',
    protocol: 'native',
    // generateMessage (chat-bison-001), spoken as OpenAI chat; it cannot stream or report usage.
    endpoints: CHAT_ENDPOINTS,
  },
  { id: 12, name: 'API2GPT', baseUrl: 'https://api.api2gpt.com', protocol: 'openai', balance: 'api2gpt' },
  { id: 13, name: 'AIGC2D', baseUrl: 'https://api.aigc2d.com', protocol: 'openai', balance: 'aigc2d' },
  {
    id: 14,
    name: 'Anthropic Claude',
    baseUrl: 'https://api.anthropic.com',
    protocol: 'native',
    keyHint: 'sk-ant-...',
    endpoints: CLAUDE_ENDPOINTS,
    families: ['claude'],
  },
  {
    id: 15,
    name: 'Baidu ERNIE',
    baseUrl: 'https://aip.baidubce.com',
    protocol: 'native',
    keyHint: 'APIKey|SecretKey',
    // ERNIE v1: chat through the hub from every chat format, embeddings natively.
    endpoints: [...CHAT_ENDPOINTS, 'embeddings'],
    key: { kind: 'parts', separator: '|', parts: ['APIKey', 'SecretKey'] },
  },
  {
    id: 16,
    name: 'Zhipu ChatGLM',
    baseUrl: 'https://open.bigmodel.cn',
    protocol: 'native',
    keyHint: 'id.secret',
    // The v3 model API: chat through the hub from every chat format, text_embedding natively.
    endpoints: [...CHAT_ENDPOINTS, 'embeddings'],
  },
  // Chat through DashScope's compatible mode; embeddings and images (text2image tasks) native.
  {
    id: 17,
    name: 'Alibaba Qwen',
    baseUrl: 'https://dashscope.aliyuncs.com',
    protocol: 'openai',
    other: { label: 'qwenPlugin', placeholder: 'qwenPluginPlaceholder' },
    urlLayout: { kind: 'prefix', prefix: '/compatible-mode/v1' },
  },
  {
    id: 18,
    name: 'Xunfei Spark',
    baseUrl: 'wss://spark-api.xf-yun.com',
    protocol: 'native',
    keyHint: 'APPID|APISecret|APIKey',
    // One WebSocket per call; OpenAI chat natively, the other chat formats through the hub.
    endpoints: CHAT_ENDPOINTS,
    key: { kind: 'parts', separator: '|', parts: ['APPID', 'APISecret', 'APIKey'] },
    // The API version is part of Spark's address (wss://…/v2.1/chat).
    other: {
      label: 'sparkVersion',
      placeholder: 'sparkVersionPlaceholder',
      hint: 'sparkVersionHint',
      default: 'v2.1',
    },
  },
  { id: 19, name: '360 Zhinao', baseUrl: 'https://api.360.cn', protocol: 'openai' },
  {
    id: 20,
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api',
    protocol: 'openai',
    // OpenRouter's app attribution, as the reference gateway sends it.
    headers: { fixed: { 'HTTP-Referer': 'https://github.com/Calcium-Ion/new-api', 'X-Title': 'New API' } },
  },
  {
    id: 21,
    name: 'Knowledge Base: AI Proxy',
    baseUrl: 'https://api.aiproxy.io',
    protocol: 'native',
    // /api/library/ask with the library id in `other`: the last user message is the question.
    endpoints: CHAT_ENDPOINTS,
    other: { label: 'knowledgeId', placeholder: 'knowledgeIdPlaceholder' },
  },
  {
    id: 22,
    name: 'Knowledge Base: FastGPT',
    baseUrl: 'https://fastgpt.run/api/openapi',
    protocol: 'openai',
    keyHint: 'APIKey-AppId',
    key: { kind: 'parts', separator: '-', parts: ['APIKey', 'AppId'] },
    baseUrlField: { label: 'privateDeployment', placeholder: 'privateDeploymentPlaceholder' },
  },
  {
    id: 23,
    name: 'Tencent Hunyuan',
    baseUrl: 'https://hunyuan.tencentcloudapi.com',
    protocol: 'native',
    keyHint: 'AppId|SecretId|SecretKey',
    key: { kind: 'parts', separator: '|', parts: ['AppId', 'SecretId', 'SecretKey'] },
    // ChatCompletions through the hub from every chat format, GetEmbedding natively.
    endpoints: [...CHAT_ENDPOINTS, 'embeddings'],
  },
  {
    id: 24,
    name: 'Google Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com',
    protocol: 'native',
    keyHint: 'AIza...',
    // Also embedContent (native, and OpenAI embeddings by conversion) and Imagen's :predict.
    endpoints: [...GEMINI_ENDPOINTS, 'gemini-embed', 'embeddings', 'images'],
    families: ['gemini'],
    modelList: 'gemini-openai',
    // Gemini answers a refused key with 403 PERMISSION_DENIED, not 401.
    forbiddenMeansBadKey: true,
  },
  { id: 25, name: 'Moonshot', baseUrl: 'https://api.moonshot.cn', protocol: 'openai' },
  {
    id: 26,
    name: 'Zhipu GLM-4V',
    baseUrl: 'https://open.bigmodel.cn',
    protocol: 'openai',
    urlLayout: { kind: 'prefix', prefix: '/api/paas/v4' },
  },
  {
    id: 27,
    name: 'Perplexity',
    baseUrl: 'https://api.perplexity.ai',
    protocol: 'openai',
    endpoints: CHAT_ENDPOINTS,
    urlLayout: { kind: 'prefix', prefix: '' },
  },
  { id: 31, name: '01.AI', baseUrl: 'https://api.lingyiwanwu.com', protocol: 'openai' },
  {
    id: 33,
    name: 'AWS Claude',
    baseUrl: '',
    protocol: 'native',
    keyHint: 'AccessKey|SecretAccessKey|Region',
    // Bedrock's Anthropic models; the base URL follows the key's region.
    endpoints: CLAUDE_ENDPOINTS,
    families: ['claude'],
    key: {
      kind: 'parts',
      separator: '|',
      parts: ['AccessKey', 'SecretAccessKey', 'Region'],
      optional: ['SessionToken'],
    },
  },
  {
    id: 34,
    name: 'Cohere',
    baseUrl: 'https://api.cohere.ai',
    protocol: 'native',
    // v1 chat (every chat format, through the hub) and v1 rerank.
    endpoints: [...CHAT_ENDPOINTS, 'rerank'],
  },
  {
    id: 35,
    name: 'MiniMax',
    baseUrl: 'https://api.minimax.chat',
    protocol: 'openai',
    // Its speech and embeddings APIs are not OpenAI's: only chat is served.
    endpoints: CHAT_ENDPOINTS,
    urlLayout: { kind: 'prefix', prefix: '/v1', paths: { chat: '/v1/text/chatcompletion_v2' } },
  },
  { id: 36, name: 'Suno API', baseUrl: '', protocol: 'task', endpoints: ['suno'] },
  {
    id: 37,
    name: 'Dify',
    baseUrl: 'https://api.dify.ai',
    protocol: 'native',
    keyHint: 'app-...',
    // Chat apps' /v1/chat-messages, for every chat format through the hub.
    endpoints: CHAT_ENDPOINTS,
  },
  {
    id: 38,
    name: 'Jina',
    baseUrl: 'https://api.jina.ai',
    protocol: 'openai',
    endpoints: ['embeddings', 'rerank'],
    modelList: 'none',
  },
  {
    id: 39,
    name: 'Cloudflare',
    baseUrl: 'https://api.cloudflare.com',
    protocol: 'openai',
    streamUsage: true,
    // Workers AI's OpenAI-compatible API has chat and embeddings only.
    endpoints: [...CHAT_ENDPOINTS, 'embeddings'],
    other: {
      label: 'cloudflareAccount',
      placeholder: 'cloudflareAccountPlaceholder',
      required: 'Account ID 不能为空',
    },
    urlLayout: { kind: 'prefix', prefix: '/client/v4/accounts/{other}/ai/v1' },
  },
  {
    id: 40,
    name: 'SiliconCloud',
    baseUrl: 'https://api.siliconflow.cn',
    protocol: 'openai',
    balance: 'siliconflow',
    notes: ['siliconCloud'],
  },
  {
    id: 41,
    name: 'Vertex AI',
    baseUrl: '',
    protocol: 'native',
    // Gemini and Claude models, each in its publisher's format. The key is a service-account
    // JSON (the console says so); `other` is the region (or a model → region JSON map with
    // `default`), which also names the default host. Llama (`meta/llama*`) goes to Vertex's
    // OpenAI-compatible endpoint, which honours stream_options.include_usage.
    streamUsage: true,
    endpoints: GEMINI_ENDPOINTS,
    families: ['claude', 'gemini'],
    key: { kind: 'json', description: '服务账号 JSON 凭据' },
    other: {
      label: 'vertexRegion',
      placeholder: 'vertexRegionPlaceholder',
      hint: 'vertexRegionHint',
      required: '部署地区不能为空',
      regionMap: true,
      multiline: true,
    },
  },
  { id: 42, name: 'Mistral AI', baseUrl: 'https://api.mistral.ai', protocol: 'openai' },
  {
    id: 43,
    name: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com',
    protocol: 'openai',
    streamUsage: true,
    urlLayout: { kind: 'prefix', prefix: '/v1', paths: { completions: '/beta/completions' }, query: true },
    balance: 'deepseek',
    modelList: 'openai',
  },
  // Moka's M3E models: OpenAI-compatible /v1/embeddings, nothing else.
  {
    id: 44,
    name: 'Embedding M3E',
    baseUrl: 'https://api.moka.ai',
    protocol: 'openai',
    endpoints: ['embeddings'],
  },
  {
    id: 45,
    name: 'Volcano Ark (Doubao)',
    baseUrl: 'https://ark.cn-beijing.volces.com',
    protocol: 'openai',
    streamUsage: true,
    urlLayout: {
      kind: 'prefix',
      prefix: '/api/v3',
      modelPaths: [{ modelPrefix: 'bot', path: '/api/v3/bots/chat/completions' }],
    },
  },
  {
    id: 46,
    name: 'Baidu Qianfan v2',
    baseUrl: 'https://qianfan.baidubce.com',
    protocol: 'openai',
    urlLayout: { kind: 'prefix', prefix: '/v2' },
  },
  { id: 47, name: 'Xinference', baseUrl: '', protocol: 'openai' },
  { id: 48, name: 'xAI', baseUrl: 'https://api.x.ai', protocol: 'openai', streamUsage: true },
];

/**
 * OpenAI-protocol types serve every OpenAI endpoint unless they list theirs; others list theirs or
 * serve nothing yet.
 */
export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = ENTRIES.map(({ modelList, ...entry }) => {
  const openAIPaths = entry.protocol === 'openai' && !entry.urlLayout;
  const list = modelList ?? (openAIPaths ? 'openai' : 'none');
  return {
    ...entry,
    endpoints: entry.endpoints ?? (entry.protocol === 'openai' ? OPENAI_ENDPOINTS : []),
    ...(list === 'none' ? {} : { modelList: list }),
  };
});

const byId = new Map(CHANNEL_TYPES.map((t) => [t.id, t]));
export const channelTypeInfo = (id: number): ChannelTypeInfo | undefined => byId.get(id);

/**
 * Whether the relay can serve `endpoint` through a channel of this type. Unknown type ids are
 * treated as OpenAI-compatible, as the relay's adapter registry does.
 */
export function channelTypeServes(type: number, endpoint: RelayEndpoint): boolean {
  const info = byId.get(type);
  return info ? info.endpoints.includes(endpoint) : OPENAI_ENDPOINTS.includes(endpoint);
}
