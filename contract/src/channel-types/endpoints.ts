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
export const OPENAI_ENDPOINTS: readonly RelayEndpoint[] = [
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
export const OPENAI_REALTIME_ENDPOINTS: readonly RelayEndpoint[] = [...OPENAI_ENDPOINTS, 'realtime'];

/** Chat only: OpenAI chat natively, Anthropic Messages, Gemini and Responses as chat through the hub. */
export const CHAT_ENDPOINTS: readonly RelayEndpoint[] = ['chat', 'messages', 'gemini', 'responses'];

/** The Anthropic Messages API natively, OpenAI chat and Gemini by conversion. */
export const CLAUDE_ENDPOINTS: readonly RelayEndpoint[] = ['messages', 'chat', 'gemini', 'responses'];

/** Gemini generateContent natively, OpenAI chat and Anthropic Messages by conversion. */
export const GEMINI_ENDPOINTS: readonly RelayEndpoint[] = ['gemini', 'chat', 'messages', 'responses'];
