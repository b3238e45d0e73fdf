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
  | 'midjourney';

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
];

/** OpenAI itself also serves Realtime sessions. */
const OPENAI_REALTIME_ENDPOINTS: readonly RelayEndpoint[] = [...OPENAI_ENDPOINTS, 'realtime'];

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
}

type ChannelTypeEntry = Omit<ChannelTypeInfo, 'endpoints'> & { endpoints?: readonly RelayEndpoint[] };

const ENTRIES: readonly ChannelTypeEntry[] = [
  {
    id: 1,
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com',
    protocol: 'openai',
    streamUsage: true,
    endpoints: OPENAI_REALTIME_ENDPOINTS,
  },
  {
    id: 2,
    name: 'Midjourney Proxy',
    baseUrl: '',
    protocol: 'task',
    keyHint: 'mj-api-secret',
    endpoints: ['midjourney'],
  },
  { id: 3, name: 'Azure OpenAI', baseUrl: '', protocol: 'openai', streamUsage: true },
  { id: 4, name: 'Ollama', baseUrl: 'http://localhost:11434', protocol: 'openai', streamUsage: true },
  {
    id: 5,
    name: 'Midjourney Proxy Plus',
    baseUrl: '',
    protocol: 'task',
    keyHint: 'mj-api-secret',
    endpoints: ['midjourney'],
  },
  { id: 6, name: 'OpenAIMax', baseUrl: 'https://api.openaimax.com', protocol: 'openai' },
  { id: 7, name: 'OhMyGPT', baseUrl: 'https://api.ohmygpt.com', protocol: 'openai' },
  { id: 8, name: 'Custom', baseUrl: '', protocol: 'openai', streamUsage: true },
  { id: 9, name: 'AILS', baseUrl: 'https://api.caipacity.com', protocol: 'openai' },
  { id: 10, name: 'AIProxy', baseUrl: 'https://api.aiproxy.io', protocol: 'openai' },
  { id: 11, name: 'PaLM2', baseUrl: 'https://generativelanguage.googleapis.com', protocol: 'native' },
  { id: 12, name: 'API2GPT', baseUrl: 'https://api.api2gpt.com', protocol: 'openai' },
  { id: 13, name: 'AIGC2D', baseUrl: 'https://api.aigc2d.com', protocol: 'openai' },
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
    endpoints: ['chat', 'messages', 'gemini', 'responses', 'embeddings'],
  },
  {
    id: 16,
    name: 'Zhipu ChatGLM',
    baseUrl: 'https://open.bigmodel.cn',
    protocol: 'native',
    keyHint: 'id.secret',
    // The v3 model API: chat through the hub from every chat format, text_embedding natively.
    endpoints: ['chat', 'messages', 'gemini', 'responses', 'embeddings'],
  },
  { id: 17, name: 'Alibaba Qwen', baseUrl: 'https://dashscope.aliyuncs.com', protocol: 'openai' },
  { id: 18, name: 'Xunfei Spark', baseUrl: '', protocol: 'native', keyHint: 'APPID|APISecret|APIKey' },
  { id: 19, name: '360 Zhinao', baseUrl: 'https://api.360.cn', protocol: 'openai' },
  { id: 20, name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api', protocol: 'openai' },
  { id: 21, name: 'Knowledge Base: AI Proxy', baseUrl: 'https://api.aiproxy.io', protocol: 'none' },
  {
    id: 22,
    name: 'Knowledge Base: FastGPT',
    baseUrl: 'https://fastgpt.run/api/openapi',
    protocol: 'openai',
    keyHint: 'APIKey-AppId',
  },
  {
    id: 23,
    name: 'Tencent Hunyuan',
    baseUrl: 'https://hunyuan.tencentcloudapi.com',
    protocol: 'native',
    keyHint: 'AppId|SecretId|SecretKey',
    // ChatCompletions through the hub from every chat format, GetEmbedding natively.
    endpoints: ['chat', 'messages', 'gemini', 'responses', 'embeddings'],
  },
  {
    id: 24,
    name: 'Google Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com',
    protocol: 'native',
    keyHint: 'AIza...',
    endpoints: GEMINI_ENDPOINTS,
    families: ['gemini'],
  },
  { id: 25, name: 'Moonshot', baseUrl: 'https://api.moonshot.cn', protocol: 'openai' },
  { id: 26, name: 'Zhipu GLM-4V', baseUrl: 'https://open.bigmodel.cn', protocol: 'openai' },
  { id: 27, name: 'Perplexity', baseUrl: 'https://api.perplexity.ai', protocol: 'openai' },
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
  },
  { id: 34, name: 'Cohere', baseUrl: 'https://api.cohere.ai', protocol: 'native' },
  { id: 35, name: 'MiniMax', baseUrl: 'https://api.minimax.chat', protocol: 'openai' },
  { id: 36, name: 'Suno API', baseUrl: '', protocol: 'task', endpoints: ['suno'] },
  { id: 37, name: 'Dify', baseUrl: 'https://api.dify.ai', protocol: 'native' },
  { id: 38, name: 'Jina', baseUrl: 'https://api.jina.ai', protocol: 'openai' },
  {
    id: 39,
    name: 'Cloudflare',
    baseUrl: 'https://api.cloudflare.com',
    protocol: 'openai',
    streamUsage: true,
  },
  { id: 40, name: 'SiliconCloud', baseUrl: 'https://api.siliconflow.cn', protocol: 'openai' },
  {
    id: 41,
    name: 'Vertex AI',
    baseUrl: '',
    protocol: 'native',
    // Gemini and Claude models, each in its publisher's format. The key is a service-account
    // JSON (the console says so); `other` is the region (or a model → region JSON map with
    // `default`), which also names the default host.
    endpoints: GEMINI_ENDPOINTS,
    families: ['claude', 'gemini'],
  },
  { id: 42, name: 'Mistral AI', baseUrl: 'https://api.mistral.ai', protocol: 'openai' },
  { id: 43, name: 'DeepSeek', baseUrl: 'https://api.deepseek.com', protocol: 'openai', streamUsage: true },
  { id: 44, name: 'Embedding M3E', baseUrl: 'https://api.moka.ai', protocol: 'native' },
  {
    id: 45,
    name: 'Volcano Ark (Doubao)',
    baseUrl: 'https://ark.cn-beijing.volces.com',
    protocol: 'openai',
    streamUsage: true,
  },
  { id: 46, name: 'Baidu Qianfan v2', baseUrl: 'https://qianfan.baidubce.com', protocol: 'openai' },
  { id: 47, name: 'Xinference', baseUrl: '', protocol: 'openai' },
  { id: 48, name: 'xAI', baseUrl: 'https://api.x.ai', protocol: 'openai', streamUsage: true },
];

/** OpenAI-protocol types serve every OpenAI endpoint; others list theirs or serve nothing yet. */
export const CHANNEL_TYPES: readonly ChannelTypeInfo[] = ENTRIES.map((entry) => ({
  ...entry,
  endpoints: entry.endpoints ?? (entry.protocol === 'openai' ? OPENAI_ENDPOINTS : []),
}));

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
