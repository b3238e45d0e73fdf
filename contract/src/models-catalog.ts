/**
 * The models each channel type offers out of the box: what `GET /api/models` lists per type and
 * what the channel form suggests. Operators can always type other names; this is a starting
 * point per provider family, not a limit.
 */

const OPENAI_CHAT = [
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo-1106',
  'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo-instruct',
  'gpt-4',
  'gpt-4-0613',
  'gpt-4-32k',
  'gpt-4-turbo',
  'gpt-4-turbo-2024-04-09',
  'gpt-4-turbo-preview',
  'gpt-4-vision-preview',
  'chatgpt-4o-latest',
  'gpt-4o',
  'gpt-4o-2024-05-13',
  'gpt-4o-2024-08-06',
  'gpt-4o-2024-11-20',
  'gpt-4o-mini',
  'gpt-4o-mini-2024-07-18',
  'gpt-4o-audio-preview',
  'gpt-4o-realtime-preview',
  'gpt-4o-mini-realtime-preview',
  'gpt-4.1',
  'gpt-4.1-2025-04-14',
  'gpt-4.1-mini',
  'gpt-4.1-mini-2025-04-14',
  'gpt-4.1-nano',
  'gpt-4.1-nano-2025-04-14',
  'gpt-4.5-preview',
  'o1',
  'o1-2024-12-17',
  'o1-mini',
  'o1-preview',
  'o1-pro',
  'o3',
  'o3-mini',
  'o3-mini-high',
  'o3-mini-low',
  'o3-mini-medium',
  'o3-pro',
  'o4-mini',
];
const OPENAI_OTHER = [
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'text-moderation-latest',
  'text-moderation-stable',
  'omni-moderation-latest',
  'dall-e-2',
  'dall-e-3',
  'gpt-image-1',
  'tts-1',
  'tts-1-hd',
  'gpt-4o-mini-tts',
  'whisper-1',
  'gpt-4o-transcribe',
  'gpt-4o-mini-transcribe',
];
const OPENAI = [...OPENAI_CHAT, ...OPENAI_OTHER];

const CLAUDE = [
  'claude-instant-1.2',
  'claude-2.0',
  'claude-2.1',
  'claude-3-haiku-20240307',
  'claude-3-sonnet-20240229',
  'claude-3-opus-20240229',
  'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-20240620',
  'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219',
  'claude-3-7-sonnet-20250219-thinking',
  'claude-sonnet-4-20250514',
  'claude-opus-4-20250514',
  'claude-opus-4-1-20250805',
];

const GEMINI = [
  'gemini-1.5-pro',
  'gemini-1.5-pro-latest',
  'gemini-1.5-flash',
  'gemini-1.5-flash-latest',
  'gemini-1.5-flash-8b',
  'gemini-2.0-flash',
  'gemini-2.0-flash-lite',
  'gemini-2.0-flash-thinking-exp',
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'text-embedding-004',
  'gemini-embedding-001',
  'imagen-3.0-generate-002',
];

const DEEPSEEK = ['deepseek-chat', 'deepseek-reasoner', 'deepseek-coder'];
const MOONSHOT = [
  'moonshot-v1-8k',
  'moonshot-v1-32k',
  'moonshot-v1-128k',
  'kimi-k2-0711-preview',
  'kimi-latest',
];
const MISTRAL = [
  'mistral-large-latest',
  'mistral-medium-latest',
  'mistral-small-latest',
  'open-mistral-nemo',
  'open-mixtral-8x22b',
  'codestral-latest',
  'pixtral-large-latest',
  'mistral-embed',
];
const XAI = ['grok-2', 'grok-2-vision', 'grok-3', 'grok-3-mini', 'grok-4', 'grok-beta'];
const QWEN = [
  'qwen-turbo',
  'qwen-plus',
  'qwen-max',
  'qwen-long',
  'qwen-vl-plus',
  'qwen-vl-max',
  'qwen2.5-72b-instruct',
  'qwen3-235b-a22b',
  'qwen3-32b',
  'qwq-32b',
  'text-embedding-v1',
  'text-embedding-v3',
  'wanx-v1',
];
const ZHIPU_V3 = ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'];
const ZHIPU_V4 = [
  'glm-4',
  'glm-4-plus',
  'glm-4-air',
  'glm-4-airx',
  'glm-4-flash',
  'glm-4-long',
  'glm-4v',
  'glm-4v-plus',
  'glm-4.5',
  'glm-4.5-air',
  'glm-3-turbo',
  'embedding-2',
  'embedding-3',
  'cogview-3',
];
const ERNIE = [
  'ERNIE-4.0-8K',
  'ERNIE-3.5-8K',
  'ERNIE-Speed-8K',
  'ERNIE-Speed-128K',
  'ERNIE-Lite-8K-0922',
  'ERNIE-Tiny-8K',
  'Embedding-V1',
  'bge-large-zh',
];
const QIANFAN_V2 = [
  'ernie-4.5-8k-preview',
  'ernie-4.0-8k',
  'ernie-3.5-8k',
  'ernie-speed-128k',
  'ernie-x1-32k',
];
const SPARK = ['SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'];
const ZHINAO = ['360gpt-turbo', '360gpt-pro', '360gpt2-pro', '360GPT_S2_V9', 'embedding-bert-512-v1'];
const HUNYUAN = ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-turbo', 'hunyuan-embedding'];
const LINGYI = ['yi-large', 'yi-medium', 'yi-spark', 'yi-vision', 'yi-lightning'];
const COHERE = ['command', 'command-light', 'command-r', 'command-r-plus', 'rerank-english-v3.0'];
const MINIMAX = ['abab6.5-chat', 'abab6.5s-chat', 'abab7-chat-preview', 'MiniMax-Text-01'];
const PERPLEXITY = ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro', 'sonar-deep-research'];
const JINA = ['jina-embeddings-v3', 'jina-reranker-v2-base-multilingual', 'jina-clip-v2'];
const CLOUDFLARE = [
  '@cf/meta/llama-3.1-8b-instruct',
  '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
  '@cf/qwen/qwen1.5-14b-chat-awq',
  '@cf/baai/bge-m3',
];
const SILICONFLOW = [
  'deepseek-ai/DeepSeek-V3',
  'deepseek-ai/DeepSeek-R1',
  'Qwen/Qwen2.5-72B-Instruct',
  'Qwen/Qwen3-32B',
  'THUDM/glm-4-9b-chat',
  'BAAI/bge-m3',
  'BAAI/bge-reranker-v2-m3',
];
const DOUBAO = [
  'doubao-pro-32k',
  'doubao-pro-128k',
  'doubao-lite-32k',
  'doubao-1.5-pro-32k',
  'doubao-1.5-thinking-pro',
  'doubao-seed-1.6',
  'doubao-embedding',
];
const OLLAMA = ['llama3.1', 'llama3.2', 'qwen2.5', 'mistral', 'gemma2', 'nomic-embed-text'];
const MIDJOURNEY = [
  'mj_imagine',
  'mj_variation',
  'mj_reroll',
  'mj_blend',
  'mj_upscale',
  'mj_describe',
  'mj_shorten',
  'mj_zoom',
  'mj_custom_zoom',
  'mj_pan',
  'mj_high_variation',
  'mj_low_variation',
  'mj_inpaint',
  'mj_modal',
  'mj_upload',
  'swap_face',
];
const SUNO = ['suno_music', 'suno_lyrics'];
const AWS_CLAUDE = CLAUDE.filter((m) => m.startsWith('claude-3') || m.startsWith('claude-sonnet-4'));
const VERTEX = [
  ...GEMINI.filter((m) => m.startsWith('gemini-')),
  ...CLAUDE.filter((m) => m.startsWith('claude-3-5') || m.startsWith('claude-3-7')),
];
const OPENROUTER = [
  'openai/gpt-4o',
  'openai/gpt-4o-mini',
  'anthropic/claude-3.5-sonnet',
  'google/gemini-2.0-flash-001',
  'deepseek/deepseek-chat',
  'meta-llama/llama-3.3-70b-instruct',
];

/** Channel type id → model names. Types missing here (knowledge bases, Dify…) have no fixed list. */
export const MODELS_BY_CHANNEL_TYPE: Readonly<Record<number, readonly string[]>> = {
  1: OPENAI,
  2: MIDJOURNEY,
  3: OPENAI,
  4: OLLAMA,
  5: MIDJOURNEY,
  6: OPENAI_CHAT,
  7: OPENAI_CHAT,
  8: OPENAI,
  9: OPENAI_CHAT,
  10: OPENAI_CHAT,
  11: ['PaLM-2', 'chat-bison-001'],
  12: OPENAI_CHAT,
  13: OPENAI_CHAT,
  14: CLAUDE,
  15: ERNIE,
  16: ZHIPU_V3,
  17: QWEN,
  18: SPARK,
  19: ZHINAO,
  20: OPENROUTER,
  23: HUNYUAN,
  24: GEMINI,
  25: MOONSHOT,
  26: ZHIPU_V4,
  27: PERPLEXITY,
  31: LINGYI,
  33: AWS_CLAUDE,
  34: COHERE,
  35: MINIMAX,
  36: SUNO,
  38: JINA,
  39: CLOUDFLARE,
  40: SILICONFLOW,
  41: VERTEX,
  42: MISTRAL,
  43: DEEPSEEK,
  44: ['m3e-small', 'm3e-base', 'm3e-large'],
  45: DOUBAO,
  46: QIANFAN_V2,
  48: XAI,
};

/** The built-in models of one channel type ([] when it has none). */
export const channelTypeModels = (type: number): readonly string[] => MODELS_BY_CHANNEL_TYPE[type] ?? [];
