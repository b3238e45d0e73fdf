import AhoCorasick from 'modern-ahocorasick';
import type { OptionStore } from '../../modules/options/store.js';

/**
 * Finds configured words in text: one Aho–Corasick automaton over every word, case-insensitive,
 * so a prompt is scanned once whatever the number of words.
 */
export class WordMatcher {
  private readonly matcher: AhoCorasick | null;

  constructor(words: Iterable<string>) {
    const unique = [...new Set([...words].map((w) => w.trim().toLowerCase()).filter(Boolean))];
    this.matcher = unique.length > 0 ? new AhoCorasick(unique) : null;
  }

  /** The first word found in any of the texts, or null. */
  firstHit(texts: Iterable<string>): string | null {
    if (!this.matcher) return null;
    for (const text of texts) {
      if (!text) continue;
      const hit = this.matcher.findFirst(text.toLowerCase());
      if (hit) return hit.pattern;
    }
    return null;
  }
}

/**
 * The prompt check of the SensitiveWords option: on while CheckSensitiveEnabled and
 * CheckSensitiveOnPromptEnabled are; the automaton is rebuilt only when the word list changes.
 */
export class SensitiveWordFilter {
  private matcher: WordMatcher | undefined;

  constructor(private readonly options: OptionStore) {
    options.onChange((key) => {
      if (key === 'SensitiveWords') this.matcher = undefined;
    });
  }

  /** The first configured word in the texts, or null (also when the check is off). */
  check(texts: Iterable<string>): string | null {
    if (!this.options.bool('CheckSensitiveEnabled') || !this.options.bool('CheckSensitiveOnPromptEnabled')) {
      return null;
    }
    this.matcher ??= new WordMatcher(this.options.lines('SensitiveWords'));
    return this.matcher.firstHit(texts);
  }
}

/** Text parts of a chat or Messages content: a string, or a list of parts with `text`. */
function contentTexts(content: unknown, out: string[]) {
  if (typeof content === 'string') out.push(content);
  else if (Array.isArray(content)) {
    for (const part of content) {
      if (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') {
        out.push((part as { text: string }).text);
      }
    }
  }
}

/**
 * A prompt or input: a string or a list of strings (token arrays carry no words), or Responses
 * input items, whose messages carry their text in `content`.
 */
function inputTexts(input: unknown, out: string[]) {
  if (typeof input === 'string') out.push(input);
  else if (Array.isArray(input)) {
    for (const item of input) {
      if (typeof item === 'string') out.push(item);
      else if (item && typeof item === 'object') contentTexts((item as { content?: unknown }).content, out);
    }
  }
}

/**
 * The user-written text of a request body, by what it asks for: chat and Anthropic messages (and
 * system prompts), completion prompts, embedding and moderation inputs, image prompts, speech input.
 */
export function promptTexts(body: Record<string, unknown> | null | undefined): string[] {
  if (!body) return [];
  const out: string[] = [];
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      if (message && typeof message === 'object')
        contentTexts((message as { content?: unknown }).content, out);
    }
  }
  contentTexts(body.system, out);
  // Gemini: contents[].parts[].text and systemInstruction.parts[].text.
  if (Array.isArray(body.contents)) {
    for (const turn of body.contents) {
      if (turn && typeof turn === 'object') contentTexts((turn as { parts?: unknown }).parts, out);
    }
  }
  if (body.systemInstruction && typeof body.systemInstruction === 'object')
    contentTexts((body.systemInstruction as { parts?: unknown }).parts, out);
  inputTexts(body.prompt, out);
  inputTexts(body.input, out);
  // Responses: the system prompt.
  contentTexts(body.instructions, out);
  return out;
}
