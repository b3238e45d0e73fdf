import { countText } from '../../billing/token-count.js';
import { blocksText } from './request.js';

/**
 * Prompt size of an Anthropic request, the way the reference gateway counts it locally: role and
 * text of each message, tool calls and results as JSON, 1000 per image, 2 per message; plus the
 * system prompt and the tools (3 each). The estimate for the hold uses bytes ÷ 3 instead of the
 * tokenizer, like the chat estimate.
 */

interface Block {
  type?: string;
  text?: string;
  input?: unknown;
  content?: unknown;
  thinking?: string;
}

const IMAGE_TOKENS = 1000;

function pieces(body: Record<string, unknown>): { texts: string[]; images: number; extra: number } {
  const texts: string[] = [];
  let images = 0;
  let extra = 0;
  if (body.system !== undefined) texts.push(blocksText(body.system as string));
  for (const m of Array.isArray(body.messages) ? (body.messages as Array<Record<string, unknown>>) : []) {
    extra += 2;
    texts.push(String(m.role ?? ''));
    if (typeof m.content === 'string') texts.push(m.content);
    else if (Array.isArray(m.content)) {
      for (const block of m.content as Block[]) {
        if (block.type === 'text') texts.push(block.text ?? '');
        else if (block.type === 'image' || block.type === 'document') images += 1;
        else if (block.type === 'thinking') texts.push(block.thinking ?? '');
        else if (block.type === 'tool_use') texts.push(JSON.stringify(block.input ?? {}));
        else if (block.type === 'tool_result') texts.push(JSON.stringify(block.content ?? ''));
      }
    }
  }
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    extra += 3;
    texts.push(JSON.stringify(tool));
  }
  return { texts, images, extra };
}

export function estimateMessagesPrompt(body: Record<string, unknown>): number {
  const { texts, images, extra } = pieces(body);
  let bytes = 0;
  for (const text of texts) bytes += Buffer.byteLength(text);
  return Math.ceil(bytes / 3) + images * IMAGE_TOKENS + extra;
}

export async function countMessagesPrompt(body: Record<string, unknown>, model: string): Promise<number> {
  const { texts, images, extra } = pieces(body);
  let total = images * IMAGE_TOKENS + extra;
  for (const text of texts) total += await countText(text, model);
  return total;
}
