import type { RelayMode } from '../providers/types.js';
import { anthropicMessages } from './anthropic-messages/index.js';
import { geminiGenerate } from './gemini/index.js';
import { openAIChat } from './openai-chat/index.js';
import { openAIResponses } from './openai-responses/index.js';
import type { WireFormat } from './types.js';

/** Chat-like client formats, by the relay mode of their route. */
const CHAT_FORMATS: ReadonlyMap<RelayMode, WireFormat> = new Map([
  ['chat', openAIChat],
  ['messages', anthropicMessages],
  ['gemini', geminiGenerate],
  ['responses', openAIResponses],
]);

/** The chat-like format of a relay mode; null for the OpenAI-only endpoints (embeddings, images…). */
export const chatFormatOf = (mode: RelayMode): WireFormat | null => CHAT_FORMATS.get(mode) ?? null;

/**
 * The format whose error shapes a mode answers with: Anthropic's for /v1/messages, Gemini's for
 * /v1beta/models, OpenAI's for every other endpoint.
 */
export const clientFormatOf = (mode: RelayMode): WireFormat => CHAT_FORMATS.get(mode) ?? openAIChat;
