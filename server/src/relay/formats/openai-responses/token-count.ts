import { countChatPrompt, estimatePromptTokens } from '../../billing/token-count.js';
import { contentText, inputItems, type InputItem } from './request.js';

interface ChatLikeMessage {
  role: string;
  content: string | Array<{ type: string; text?: string }>;
  tool_calls?: unknown;
}

/** Image parts keep their place (they are priced per image); everything else counts as text. */
function content(item: InputItem): ChatLikeMessage['content'] {
  if (!Array.isArray(item.content)) return contentText(item.content);
  return item.content.map((p) =>
    p.type === 'input_image' ? { type: 'image_url' } : { type: 'text', text: p.text ?? p.refusal ?? '' },
  );
}

/**
 * A Responses request as chat messages, so it is measured like a chat request: instructions
 * as a system message, each input item as one message.
 */
function chatLike(body: Record<string, unknown>): ChatLikeMessage[] {
  const out: ChatLikeMessage[] = [];
  if (typeof body.instructions === 'string' && body.instructions)
    out.push({ role: 'system', content: body.instructions });
  for (const item of inputItems(body)) {
    switch (item.type ?? 'message') {
      case 'message':
        out.push({ role: item.role ?? 'user', content: content(item) });
        break;
      case 'function_call':
        out.push({
          role: 'assistant',
          content: '',
          tool_calls: [{ name: item.name, arguments: item.arguments }],
        });
        break;
      case 'function_call_output':
        out.push({
          role: 'tool',
          content: typeof item.output === 'string' ? item.output : contentText(item.output),
        });
        break;
      default:
        break;
    }
  }
  return out;
}

export const estimateResponsesPrompt = (body: Record<string, unknown>): number =>
  estimatePromptTokens(chatLike(body), '');

export const countResponsesPrompt = (body: Record<string, unknown>, model: string): Promise<number> =>
  countChatPrompt(chatLike(body), model, body.tools);
