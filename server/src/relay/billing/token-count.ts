/**
 * Local token counts, used only when an upstream reports no usage. Encoders load on first use
 * (≈150 ms, tens of MB), so gateways whose upstreams report usage never pay for them.
 */
type Counter = (text: string) => number;

let o200k: Promise<Counter> | null = null;
let cl100k: Promise<Counter> | null = null;

function encoderFor(model: string): Promise<Counter> {
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4)/.test(model)) {
    o200k ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => m.countTokens as Counter);
    return o200k;
  }
  cl100k ??= import('gpt-tokenizer/encoding/cl100k_base').then((m) => m.countTokens as Counter);
  return cl100k;
}

export async function countText(text: string, model: string): Promise<number> {
  if (!text) return 0;
  const count = await encoderFor(model);
  return count(text);
}

interface ContentPart {
  type?: string;
  text?: string;
  image_url?: { detail?: string } | string;
}
interface ChatMessage {
  role?: string;
  name?: string;
  content?: string | ContentPart[] | null;
  tool_calls?: unknown;
}

/** Tokens an image adds: 85 at low detail, else the cost of a 1024×1024 image (4 tiles). */
const IMAGE_TOKENS_LOW = 85;
const IMAGE_TOKENS_DEFAULT = 765;

/** OpenAI's chat accounting: 3 per message plus role, name and content; 3 to prime the reply. */
export async function countChatPrompt(messages: unknown, model: string, tools?: unknown): Promise<number> {
  const count = await encoderFor(model);
  let total = 3;
  for (const m of Array.isArray(messages) ? (messages as ChatMessage[]) : []) {
    total += 3 + count(String(m.role ?? ''));
    if (m.name) total += 1 + count(String(m.name));
    if (typeof m.content === 'string') total += count(m.content);
    else if (Array.isArray(m.content)) {
      for (const part of m.content) {
        if (part.type === 'text' && part.text) total += count(part.text);
        else if (part.type === 'image_url') {
          const detail = typeof part.image_url === 'object' ? part.image_url?.detail : undefined;
          total += detail === 'low' ? IMAGE_TOKENS_LOW : IMAGE_TOKENS_DEFAULT;
        } else if (part.type === 'input_audio') total += 100;
        else if (part.type === 'file') total += 5000;
      }
    }
    if (m.tool_calls) total += count(JSON.stringify(m.tool_calls));
  }
  if (Array.isArray(tools) && tools.length > 0) total += 8 + count(JSON.stringify(tools));
  return total;
}

/** Text of any `input`/`prompt` field: a string, a list of strings, or token arrays. */
export function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (Array.isArray(input))
    return input.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n');
  return input === undefined || input === null ? '' : JSON.stringify(input);
}

/** About one token per 3 bytes of text: generous for English, close for Chinese. */
const textEstimate = (text: string) => Math.ceil(Buffer.byteLength(text) / 3);

/**
 * A cheap, generous guess of prompt tokens for the hold, without running a tokenizer on the hot
 * path. Images count at their usual token cost, not their base64 size.
 */
export function estimatePromptTokens(messages: unknown, fallbackText: string): number {
  if (!Array.isArray(messages)) return textEstimate(fallbackText);
  let total = 3;
  for (const m of messages as ChatMessage[]) {
    total += 4;
    if (typeof m.content === 'string') total += textEstimate(m.content);
    else if (Array.isArray(m.content)) {
      for (const part of m.content) {
        if (part.type === 'text' && part.text) total += textEstimate(part.text);
        else total += IMAGE_TOKENS_DEFAULT;
      }
    }
    if (m.tool_calls) total += textEstimate(JSON.stringify(m.tool_calls));
  }
  return total;
}
