/**
 * Token counts for default usage numbers. Real providers count with their own tokenizer; using
 * the same BPE encodings keeps default numbers close to what OpenAI would report, so tests that
 * do not pin usage still see believable values.
 */
import * as cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/encoding/o200k_base';

// Special-token text such as "<|endoftext|>" in a prompt is plain text to a provider, not an error.
const asPlainText = { disallowedSpecial: new Set<string>() };

function usesO200k(model: string): boolean {
  return /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d)/.test(model);
}

export function countTokens(text: string, model = ''): number {
  if (!text) return 0;
  try {
    return (usesO200k(model) ? o200k : cl100k).countTokens(text, asPlainText);
  } catch {
    return Math.ceil(text.length / 4);
  }
}

/** Every string found in a JSON value (message contents, tool arguments, input arrays...). */
export function collectText(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collectText);
  if (value && typeof value === 'object') return Object.values(value).flatMap(collectText);
  return [];
}

/**
 * OpenAI's chat accounting: 3 tokens per message, its role, name and texts, 85 per image part
 * (the `detail: low` price), and 3 to prime the reply.
 */
export function countChatPrompt(messages: unknown, model: string): number {
  if (!Array.isArray(messages)) return 0;
  let total = 3;
  for (const message of messages as Record<string, unknown>[]) {
    total += 3 + countTokens(String(message.role ?? ''), model);
    if (typeof message.name === 'string') total += 1 + countTokens(message.name, model);
    const content = message.content;
    if (typeof content === 'string') total += countTokens(content, model);
    if (Array.isArray(content)) {
      for (const part of content as Record<string, unknown>[]) {
        if (typeof part.text === 'string') total += countTokens(part.text, model);
        else if (part.type === 'image_url') total += 85;
      }
    }
    if (message.tool_calls) total += countTokens(collectText(message.tool_calls).join(''), model);
  }
  return total;
}
