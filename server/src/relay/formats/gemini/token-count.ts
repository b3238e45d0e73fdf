import { countText } from '../../billing/token-count.js';
import { contentText, type GeminiContent } from './request.js';

/**
 * Prompt size of a Gemini request, measured like the other formats: text of each part, function
 * calls and responses as JSON, 1000 per inline image or file, 2 per turn; plus the system
 * instruction and the tool declarations (3 each). The estimate for the hold uses bytes ÷ 3
 * instead of the tokenizer. countTokens may wrap the request in `generateContentRequest`.
 */

const IMAGE_TOKENS = 1000;

function pieces(body: Record<string, unknown>): { texts: string[]; images: number; extra: number } {
  const request = (body.generateContentRequest ?? body) as Record<string, unknown>;
  const texts: string[] = [];
  let images = 0;
  let extra = 0;
  if (request.systemInstruction !== undefined) texts.push(contentText(request.systemInstruction));
  for (const c of Array.isArray(request.contents) ? (request.contents as GeminiContent[]) : []) {
    extra += 2;
    for (const part of c.parts ?? []) {
      if (typeof part.text === 'string') texts.push(part.text);
      else if (part.inlineData || part.fileData) images += 1;
      else if (part.functionCall) texts.push(JSON.stringify(part.functionCall));
      else if (part.functionResponse) texts.push(JSON.stringify(part.functionResponse));
    }
  }
  for (const tool of Array.isArray(request.tools) ? request.tools : []) {
    extra += 3;
    texts.push(JSON.stringify(tool));
  }
  return { texts, images, extra };
}

export function estimateGeminiPrompt(body: Record<string, unknown>): number {
  const { texts, images, extra } = pieces(body);
  let bytes = 0;
  for (const text of texts) bytes += Buffer.byteLength(text);
  return Math.ceil(bytes / 3) + images * IMAGE_TOKENS + extra;
}

export async function countGeminiPrompt(body: Record<string, unknown>, model: string): Promise<number> {
  const { texts, images, extra } = pieces(body);
  let total = images * IMAGE_TOKENS + extra;
  for (const text of texts) total += await countText(text, model);
  return total;
}
