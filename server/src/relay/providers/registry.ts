import { channelTypeInfo } from '@gateway/contract';
import { openAIAdapter } from './openai/adapter.js';
import type { ProviderAdapter } from './types.js';

/**
 * The adapter for a channel type. Native protocols (Anthropic, Gemini, Bedrock, Vertex, Baidu,
 * Spark, ...) register here as they arrive; until then those types are refused clearly.
 */
export function adapterFor(type: number): ProviderAdapter | null {
  const info = channelTypeInfo(type);
  if (!info || info.protocol === 'openai') return openAIAdapter;
  return null;
}
