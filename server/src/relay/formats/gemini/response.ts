import type { HubFinish, HubPart, HubResponse } from '../hub.js';
import { contentsToHub, type GeminiContent, type GeminiPart } from './request.js';
import { geminiUsageFromHub, geminiUsageToHub } from './usage.js';

/** Gemini GenerateContentResponse ↔ hub responses. Only the first candidate is kept. */

export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: string;
  index?: number;
}

/** Every block reason Gemini gives for content it withheld. */
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'LANGUAGE',
]);

/** Gemini says STOP for tool calls too: the parts tell them apart. */
export function finishToHub(reason: unknown, parts: readonly HubPart[]): HubFinish {
  if (reason === 'MAX_TOKENS') return 'length';
  if (typeof reason === 'string' && FILTERED.has(reason)) return 'content_filter';
  return parts.some((p) => p.type === 'tool_call') ? 'tool_calls' : 'stop';
}

const FINISH: Record<HubFinish, string> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  tool_calls: 'STOP',
  content_filter: 'SAFETY',
};

export const finishFromHub = (finish: HubFinish) => FINISH[finish];

/**
 * A response id for answers that came from elsewhere. Gemini has none of the chatcmpl-/msg_
 * prefixes, so the upstream id is kept as it is.
 */
export const responseId = (id: string) => id || 'gateway';

export function geminiResponseToHub(json: Record<string, unknown>): HubResponse {
  const candidate = (Array.isArray(json.candidates) ? json.candidates[0] : undefined) as
    GeminiCandidate | undefined;
  const parts = candidate?.content ? contentsToHub([candidate.content])[0]!.parts : [];
  // A prompt blocked before any candidate (promptFeedback.blockReason) is a content filter.
  const finish = candidate ? finishToHub(candidate.finishReason, parts) : 'content_filter';
  return {
    id: typeof json.responseId === 'string' ? json.responseId : '',
    model: typeof json.modelVersion === 'string' ? json.modelVersion : '',
    parts,
    finish,
    usage: geminiUsageToHub(json.usageMetadata),
  };
}

function argsOf(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

/** Hub answer parts as Gemini parts (thinking as thought parts). */
export function partsFromHub(parts: readonly HubPart[]): GeminiPart[] {
  const out: GeminiPart[] = [];
  for (const part of parts) {
    if (part.type === 'text') out.push({ text: part.text });
    else if (part.type === 'thinking') out.push({ text: part.text, thought: true });
    else if (part.type === 'tool_call')
      out.push({ functionCall: { id: part.id, name: part.name, args: argsOf(part.arguments) } });
  }
  return out;
}

export function geminiResponseFromHub(hub: HubResponse): Record<string, unknown> {
  const usage = hub.usage ?? {
    promptTokens: 0,
    completionTokens: 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
  };
  return {
    candidates: [
      {
        content: { role: 'model', parts: partsFromHub(hub.parts) },
        finishReason: finishFromHub(hub.finish),
        index: 0,
      },
    ],
    usageMetadata: geminiUsageFromHub(usage),
    modelVersion: hub.model,
    responseId: responseId(hub.id),
  };
}
