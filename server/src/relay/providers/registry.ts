import { channelTypeInfo, channelTypeServes, VERTEX_AI_TYPE } from '@gateway/contract';
import { bridgeAdapter } from '../formats/bridge.js';
import { chatFormatOf } from '../formats/registry.js';
import { claudeAdapter } from './anthropic/adapter.js';
import { aiproxyLibraryAdapter } from './aiproxy-library/adapter.js';
import { baiduAdapter } from './baidu/adapter.js';
import { bedrockAdapter } from './bedrock/adapter.js';
import { dashScopeAdapter } from './dashscope/adapter.js';
import { cohereAdapter } from './cohere/adapter.js';
import { difyAdapter } from './dify/adapter.js';
import { geminiAdapter } from './gemini/adapter.js';
import { ollamaAdapter } from './ollama/adapter.js';
import { hunyuanAdapter } from './hunyuan/adapter.js';
import { openAIAdapter, openAIResponsesAdapter } from './openai/adapter.js';
import { palmAdapter } from './palm/adapter.js';
import { sparkAdapter } from './spark/adapter.js';
import { geminiEmbedViaOpenAI } from './openai/gemini-embed.js';
import type { ProviderAdapter, RelayMode } from './types.js';
import { vertexAdapterFor } from './vertex/adapter.js';
import { zhipuAdapter } from './zhipu/adapter.js';

/** Upstream families with their own protocol, by channel type. */
const NATIVE: ReadonlyMap<number, ProviderAdapter> = new Map([
  [1, openAIResponsesAdapter],
  [4, ollamaAdapter],
  [11, palmAdapter],
  [14, claudeAdapter],
  [15, baiduAdapter],
  [16, zhipuAdapter],
  [17, dashScopeAdapter],
  [18, sparkAdapter],
  [21, aiproxyLibraryAdapter],
  [23, hunyuanAdapter],
  [24, geminiAdapter],
  [33, bedrockAdapter],
  [34, cohereAdapter],
  [37, difyAdapter],
]);

/**
 * The family adapter of a channel type for a model; unknown ids are treated as OpenAI-compatible.
 * Vertex AI serves Google's and Anthropic's models under one key, each in its publisher's format.
 */
function familyAdapter(type: number, upstreamModel: string): ProviderAdapter | null {
  if (type === VERTEX_AI_TYPE) return vertexAdapterFor(upstreamModel);
  const native = NATIVE.get(type);
  if (native) return native;
  const info = channelTypeInfo(type);
  return !info || info.protocol === 'openai' ? openAIAdapter : null;
}

/** Gemini embedding calls through an OpenAI-compatible upstream's /v1/embeddings. */
const geminiEmbedOverOpenAI = geminiEmbedViaOpenAI(openAIAdapter);

/** Bridges per family adapter, by client format name. */
const bridges = new Map<ProviderAdapter, Map<string, ProviderAdapter>>();

/**
 * The adapter that serves `mode` through a channel of `type`: the family's own when it speaks the
 * client's format, a hub bridge when both are chat formats, null when the type cannot serve the
 * endpoint (routing never picks such channels; the contract's descriptors say which they are).
 * `upstreamModel` (after the channel's model mapping) matters only to types serving several families.
 */
export function adapterFor(type: number, mode: RelayMode, upstreamModel = ''): ProviderAdapter | null {
  if (!channelTypeServes(type, mode)) return null;
  const family = familyAdapter(type, upstreamModel);
  if (!family) return null;
  if (family.supports(mode)) return family;
  // OpenAI-compatible families (the chat format says which) embed through /v1/embeddings.
  if (mode === 'gemini-embed')
    return family.chatFormat === openAIAdapter.chatFormat ? geminiEmbedOverOpenAI : null;
  const client = chatFormatOf(mode);
  if (!client || client === family.chatFormat) return null;
  let byClient = bridges.get(family);
  if (!byClient) bridges.set(family, (byClient = new Map()));
  let bridge = byClient.get(client.name);
  if (!bridge) byClient.set(client.name, (bridge = bridgeAdapter(family, client)));
  return bridge;
}
