/**
 * What the plain chat APIs (Baidu ERNIE v1, Zhipu v3, Tencent Hunyuan) answer for a scenario:
 * the text, its stream deltas, the finish reason, the usage numbers and the tool calls (which
 * ERNIE and Hunyuan answer in their own shapes).
 */
import { randomId } from './ids.js';
import { DEFAULT_REPLY, replyDeltas } from './openai/text.js';
import { resolveUsage, type UsageNumbers } from './openai/usage.js';
import { collectText, countTokens } from './tokens.js';
import type { ScenarioSpec } from './types.js';

export interface PlainPlan {
  text: string;
  deltas: string[];
  /** The scenario's `finishReason`, else the provider's own word for a normal end (or a tool call). */
  finishReason: string;
  usage: UsageNumbers | null;
  /** The scenario's tool calls, each with an id (for the APIs that have function calling). */
  toolCalls: Array<{ id: string; name: string; arguments: string }>;
}

export function plainPlan(
  spec: ScenarioSpec,
  prompt: unknown,
  normalFinish: string,
  toolFinish = normalFinish,
): PlainPlan {
  const toolCalls = (spec.toolCalls ?? []).map((c) => ({ ...c, id: c.id ?? randomId('call_', 24) }));
  // A tool-calling answer has no text unless the scenario gives some.
  const text = spec.chunks?.join('') ?? spec.content ?? (toolCalls.length > 0 ? '' : DEFAULT_REPLY);
  const usage = resolveUsage(spec, {
    prompt: countTokens(collectText(prompt).join('\n')),
    completion: countTokens(text + toolCalls.map((c) => c.name + c.arguments).join('')),
  });
  return {
    text,
    deltas: toolCalls.length > 0 && !text ? [] : replyDeltas(text, spec.chunks, spec.chunkCount),
    finishReason: spec.finishReason ?? (toolCalls.length > 0 ? toolFinish : normalFinish),
    usage,
    toolCalls,
  };
}
