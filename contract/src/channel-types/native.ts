import { CHAT_ENDPOINTS, CLAUDE_ENDPOINTS, GEMINI_ENDPOINTS } from './endpoints.js';
import type { ChannelTypeEntry } from './entry.js';

/** Types with a protocol of their own (native adapters) and the task relays (Midjourney, Suno). */
export const NATIVE_TYPES: readonly ChannelTypeEntry[] = [
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
    id: 5,
    name: 'Midjourney Proxy Plus',
    baseUrl: '',
    protocol: 'task',
    keyHint: 'mj-api-secret',
    endpoints: ['midjourney'],
    notes: ['drawingHint'],
  },
  {
    id: 11,
    name: 'PaLM2',
    baseUrl: 'https://generativelanguage.googleapis.com',
    protocol: 'native',
    // generateMessage (chat-bison-001), spoken as OpenAI chat; it cannot stream or report usage.
    endpoints: CHAT_ENDPOINTS,
  },
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
  {
    id: 33,
    name: 'AWS Claude',
    baseUrl: '',
    protocol: 'native',
    keyHint: 'AccessKey|SecretAccessKey|Region',
    // Bedrock's Anthropic models, and Amazon Titan embeddings; the base URL follows the key's region.
    endpoints: [...CLAUDE_ENDPOINTS, 'embeddings'],
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
  { id: 36, name: 'Suno API', baseUrl: '', protocol: 'task', endpoints: ['suno'] },
  {
    id: 37,
    name: 'Dify',
    baseUrl: 'https://api.dify.ai',
    protocol: 'native',
    keyHint: 'app-...',
    // Chat apps' /v1/chat-messages, completion apps' /v1/completion-messages or workflows'
    // /v1/workflows/run, as `other` says; for every chat format through the hub.
    endpoints: CHAT_ENDPOINTS,
    other: {
      label: 'difyAppKind',
      placeholder: 'difyAppKindPlaceholder',
      hint: 'difyAppKindHint',
      default: 'chat',
    },
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
];
