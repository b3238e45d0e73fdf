/**
 * What the text-only chat APIs (Baidu ERNIE v1, Zhipu v3, Tencent Hunyuan) answer for a
 * scenario: the text, its stream deltas, the finish reason and the usage numbers.
 */
import { DEFAULT_REPLY, replyDeltas } from './openai/text.js';
import { resolveUsage, type UsageNumbers } from './openai/usage.js';
import { collectText, countTokens } from './tokens.js';
import type { ScenarioSpec } from './types.js';

export interface PlainPlan {
  text: string;
  deltas: string[];
  /** The scenario's `finishReason`, else the provider's own word for a normal end. */
  finishReason: string;
  usage: UsageNumbers | null;
}

export function plainPlan(spec: ScenarioSpec, prompt: unknown, normalFinish: string): PlainPlan {
  const text = spec.chunks?.join('') ?? spec.content ?? DEFAULT_REPLY;
  const usage = resolveUsage(spec, {
    prompt: countTokens(collectText(prompt).join('\n')),
    completion: countTokens(text),
  });
  return {
    text,
    deltas: replyDeltas(text, spec.chunks, spec.chunkCount),
    finishReason: spec.finishReason ?? normalFinish,
    usage,
  };
}
