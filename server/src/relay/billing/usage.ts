import { geminiEmbedTexts, isBatchEmbedPath } from '../formats/gemini/embeddings.js';
import { chatFormatOf } from '../formats/registry.js';
import type { InboundRequest, ReportedUsage } from '../providers/types.js';
import type { Usage } from './pricing.js';
import { countText, inputText } from './token-count.js';

/** Prompt tokens counted locally, the way each endpoint's input is measured. */
export async function localPromptTokens(inbound: InboundRequest, model: string): Promise<number> {
  const b = inbound.body;
  if (!b) return 0;
  const format = chatFormatOf(inbound.mode);
  if (format) return format.countPromptTokens(b, model);
  switch (inbound.mode) {
    case 'completions':
      return countText(inputText(b.prompt), model);
    case 'embeddings':
    case 'moderations':
      return countText(inputText(b.input), model);
    case 'gemini-embed':
      // Gemini's embedding answers report no usage: every content is counted here.
      return countText(geminiEmbedTexts(b, isBatchEmbedPath(inbound.path)).join('\n'), model);
    case 'rerank':
      return countText(`${String(b.query ?? '')}\n${inputText(b.documents)}`, model);
    case 'speech':
      // Speech is priced per input character.
      return [...String(b.input ?? '')].length;
    default:
      return 0;
  }
}

/**
 * Final usage: what the upstream reported, with anything missing counted locally (prompt from
 * the request, completion from the text actually produced). A stream cut short may have reported
 * only its start (Claude sends the prompt counts first and a placeholder output count): its
 * completion is then the larger of that and the produced text's count.
 */
export async function resolveUsage(
  inbound: InboundRequest,
  reported: ReportedUsage | null,
  producedText: () => string,
  model: string,
  interrupted = false,
): Promise<{ usage: Usage; counted: boolean }> {
  if (reported && ((reported.promptTokens ?? 0) > 0 || (reported.completionTokens ?? 0) > 0)) {
    const usage: Usage = {
      promptTokens: reported.promptTokens ?? 0,
      completionTokens: reported.completionTokens ?? 0,
      cachedTokens: reported.cachedTokens ?? 0,
      cacheCreationTokens: reported.cacheCreationTokens ?? 0,
    };
    // Only audio-capable models report an audio part; other usages keep their shape.
    if (reported.audioPromptTokens) usage.audioPromptTokens = reported.audioPromptTokens;
    if (reported.audioCompletionTokens) usage.audioCompletionTokens = reported.audioCompletionTokens;
    if (!interrupted) return { usage, counted: false };
    const produced = await countText(producedText(), model);
    if (produced <= usage.completionTokens) return { usage, counted: false };
    return { usage: { ...usage, completionTokens: produced }, counted: true };
  }
  const promptTokens = await localPromptTokens(inbound, model);
  const completionTokens =
    inbound.mode === 'chat' ||
    inbound.mode === 'messages' ||
    inbound.mode === 'gemini' ||
    inbound.mode === 'responses' ||
    inbound.mode === 'completions' ||
    inbound.mode === 'transcription' ||
    inbound.mode === 'translation'
      ? await countText(producedText(), model)
      : 0;
  return {
    usage: { promptTokens, completionTokens, cachedTokens: 0, cacheCreationTokens: 0 },
    counted: true,
  };
}
