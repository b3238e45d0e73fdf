import { channelTypeInfo, channelTypeServes } from '@gateway/contract';
import { bridgeAdapter } from '../formats/bridge.js';
import { chatFormatOf } from '../formats/registry.js';
import { claudeAdapter } from './anthropic/adapter.js';
import { geminiAdapter } from './gemini/adapter.js';
import { openAIAdapter, openAIResponsesAdapter } from './openai/adapter.js';
import type { ProviderAdapter, RelayMode } from './types.js';

/** Upstream families with their own protocol, by channel type. */
const NATIVE: ReadonlyMap<number, ProviderAdapter> = new Map([
  [1, openAIResponsesAdapter],
  [14, claudeAdapter],
  [24, geminiAdapter],
]);

/** The family adapter of a channel type; unknown ids are treated as OpenAI-compatible. */
function familyAdapter(type: number): ProviderAdapter | null {
  const native = NATIVE.get(type);
  if (native) return native;
  const info = channelTypeInfo(type);
  return !info || info.protocol === 'openai' ? openAIAdapter : null;
}

const bridges = new Map<string, ProviderAdapter>();

/**
 * The adapter that serves `mode` through a channel of `type`: the family's own when it speaks the
 * client's format, a hub bridge when both are chat formats, null when the type cannot serve the
 * endpoint (routing never picks such channels; the contract's descriptors say which they are).
 */
export function adapterFor(type: number, mode: RelayMode): ProviderAdapter | null {
  if (!channelTypeServes(type, mode)) return null;
  const family = familyAdapter(type);
  if (!family) return null;
  if (family.supports(mode)) return family;
  const client = chatFormatOf(mode);
  if (!client || client === family.chatFormat) return null;
  const key = `${family.chatFormat.name}>${client.name}`;
  let bridge = bridges.get(key);
  if (!bridge) bridges.set(key, (bridge = bridgeAdapter(family, client)));
  return bridge;
}
