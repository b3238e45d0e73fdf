/**
 * The checks Anthropic makes before doing any work, so gateway bugs the real API would reject
 * (a missing header or max_tokens, orphaned tool results, an invalid thinking budget) fail in
 * tests too. `skipValidation` turns off the body checks; the header checks always apply.
 */
import type { HandlerContext } from '../router.js';
import type { ErrorSpec } from '../types.js';

const invalid = (message: string): ErrorSpec => ({ status: 400, type: 'invalid_request_error', message });

interface Block {
  type?: string;
  id?: string;
  tool_use_id?: string;
}

/**
 * A key (x-api-key, or `Authorization: Bearer`, which current SDKs send) and a dated
 * anthropic-version, as the API demands.
 */
export function checkHeaders(ctx: HandlerContext): ErrorSpec | null {
  const { headers } = ctx.request;
  if (!headers['x-api-key'] && !/^Bearer\s+\S/i.test(headers.authorization ?? '')) {
    return { status: 401, type: 'authentication_error', message: 'x-api-key header is required' };
  }
  const version = headers['anthropic-version'];
  if (typeof version !== 'string' || !version) return invalid('anthropic-version: header is required');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) return invalid(`anthropic-version: invalid version '${version}'`);
  return null;
}

const blocks = (content: unknown): Block[] => (Array.isArray(content) ? (content as Block[]) : []);

/** Every tool_use must be answered by a tool_result at the start of the next user turn. */
function checkToolPairs(messages: Array<{ role?: string; content?: unknown }>): ErrorSpec | null {
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i]!;
    if (message.role !== 'assistant') continue;
    const calls = blocks(message.content).filter((b) => b.type === 'tool_use');
    if (calls.length === 0) continue;
    const next = blocks(messages[i + 1]?.content);
    const firstOther = next.findIndex((b) => b.type !== 'tool_result');
    const leading = firstOther < 0 ? next : next.slice(0, firstOther);
    const answered = new Set(leading.map((b) => b.tool_use_id));
    const missing = calls.filter((c) => !answered.has(c.id)).map((c) => c.id);
    if (missing.length > 0 && i + 1 < messages.length) {
      return invalid(
        `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      );
    }
  }
  return null;
}

export function validateMessagesRequest(ctx: HandlerContext): ErrorSpec | null {
  if (ctx.spec.skipValidation) return null;
  if (ctx.invalidJson) return invalid('There was an issue with your request body: invalid JSON');
  const body = ctx.body;
  if (typeof body.model !== 'string' || !body.model) return invalid('model: Field required');
  if (typeof body.max_tokens !== 'number') return invalid('max_tokens: Field required');
  if (!Array.isArray(body.messages) || body.messages.length === 0) return invalid('messages: Field required');
  const messages = body.messages as Array<{ role?: string; content?: unknown }>;
  for (const [i, m] of messages.entries()) {
    if (m.role !== 'user' && m.role !== 'assistant') {
      return invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    }
    for (const block of blocks(m.content)) {
      if (block.type === 'text' && !(block as { text?: string }).text) {
        return invalid(`messages.${i}: text content blocks must be non-empty`);
      }
    }
  }
  if (typeof body.temperature === 'number' && (body.temperature < 0 || body.temperature > 1)) {
    return invalid('temperature: Input should be less than or equal to 1');
  }
  const thinking = body.thinking as { type?: string; budget_tokens?: number } | undefined;
  if (thinking?.type === 'enabled') {
    const budget = thinking.budget_tokens ?? 0;
    if (budget < 1024)
      return invalid('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
    if (budget >= body.max_tokens)
      return invalid('`max_tokens` must be greater than `thinking.budget_tokens`.');
    if (body.temperature !== undefined && body.temperature !== 1) {
      return invalid('`temperature` may only be set to 1 when thinking is enabled.');
    }
  }
  return checkToolPairs(messages);
}
