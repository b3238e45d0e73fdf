import type { HubMessage, HubPart, HubRequest, HubTool, HubToolChoice } from '../hub.js';

/** Anthropic Messages request bodies ↔ hub requests. */

interface Block {
  type?: string;
  text?: string;
  source?: { type?: string; media_type?: string; data?: string; url?: string };
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | Block[];
  is_error?: boolean;
  thinking?: string;
  signature?: string;
}

interface Message {
  role?: string;
  content?: string | Block[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function imageUrl(source: Block['source']): string {
  if (source?.type === 'base64' && source.data)
    return `data:${source.media_type ?? 'image/png'};base64,${source.data}`;
  return str(source?.url);
}

/** Text of a system prompt or tool result: a string, or text blocks joined. */
export function blocksText(content: string | Block[] | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (b.type === 'text' ? str(b.text) : '')).join('');
}

function blockToHub(block: Block): HubPart | null {
  switch (block.type) {
    case 'text':
      return block.text ? { type: 'text', text: block.text } : null;
    case 'image': {
      const url = imageUrl(block.source);
      return url ? { type: 'image', image: { url } } : null;
    }
    case 'thinking':
      return { type: 'thinking', text: str(block.thinking), signature: block.signature };
    case 'tool_use':
      return {
        type: 'tool_call',
        id: str(block.id),
        name: str(block.name),
        arguments: JSON.stringify(block.input ?? {}),
      };
    case 'tool_result':
      return {
        type: 'tool_result',
        callId: str(block.tool_use_id),
        content: blocksText(block.content),
        ...(block.is_error ? { isError: true } : {}),
      };
    default:
      // Documents, redacted thinking and server-tool blocks have no hub equivalent.
      return null;
  }
}

function toolChoiceToHub(choice: unknown): HubToolChoice | undefined {
  const c = choice as { type?: string; name?: string } | null;
  switch (c?.type) {
    case 'auto':
      return { type: 'auto' };
    case 'none':
      return { type: 'none' };
    case 'any':
      return { type: 'required' };
    case 'tool':
      return c.name ? { type: 'tool', name: c.name } : undefined;
    default:
      return undefined;
  }
}

export function messagesRequestToHub(body: Record<string, unknown>): HubRequest {
  const system = body.system === undefined ? '' : blocksText(body.system as string | Block[]);
  const messages: HubMessage[] = [];
  for (const m of Array.isArray(body.messages) ? (body.messages as Message[]) : []) {
    const blocks: Block[] =
      typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? []);
    const parts = blocks.map(blockToHub).filter((p): p is HubPart => p !== null);
    messages.push({ role: m.role === 'assistant' ? 'assistant' : 'user', parts });
  }
  const tools: HubTool[] = [];
  for (const t of Array.isArray(body.tools) ? (body.tools as Array<Record<string, unknown>>) : []) {
    // Server tools (web search, code execution…) carry a versioned type and no input_schema.
    if (typeof t.name !== 'string' || !t.input_schema) continue;
    tools.push({
      name: t.name,
      ...(typeof t.description === 'string' ? { description: t.description } : {}),
      parameters: t.input_schema as Record<string, unknown>,
    });
  }
  const thinking = body.thinking as { type?: string; budget_tokens?: number } | undefined;
  return {
    model: str(body.model),
    system: system ? [system] : [],
    messages,
    tools,
    toolChoice: toolChoiceToHub(body.tool_choice),
    maxTokens: num(body.max_tokens) ?? 0,
    temperature: num(body.temperature),
    topP: num(body.top_p),
    stop: Array.isArray(body.stop_sequences)
      ? body.stop_sequences.filter((s): s is string => typeof s === 'string')
      : [],
    stream: body.stream === true,
    user: str((body.metadata as { user_id?: unknown } | undefined)?.user_id) || undefined,
    ...(thinking?.type === 'enabled' && thinking.budget_tokens
      ? { thinkingBudget: thinking.budget_tokens }
      : {}),
  };
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

function partToBlock(part: HubPart): Record<string, unknown> | null {
  switch (part.type) {
    case 'text':
      return part.text ? { type: 'text', text: part.text } : null;
    case 'image': {
      const m = DATA_URL.exec(part.image.url);
      const source = m
        ? { type: 'base64', media_type: m[1], data: m[2] }
        : { type: 'url', url: part.image.url };
      return { type: 'image', source };
    }
    case 'thinking':
      // Anthropic refuses thinking blocks without the signature it issued; others are dropped.
      return part.signature ? { type: 'thinking', thinking: part.text, signature: part.signature } : null;
    case 'tool_call': {
      let input: unknown;
      try {
        input = JSON.parse(part.arguments || '{}');
      } catch {
        input = {};
      }
      return { type: 'tool_use', id: part.id, name: part.name, input };
    }
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: part.callId,
        content: part.content,
        ...(part.isError ? { is_error: true } : {}),
      };
  }
}

function toolChoiceFromHub(choice: HubToolChoice | undefined): unknown {
  if (!choice) return undefined;
  if (choice.type === 'required') return { type: 'any' };
  if (choice.type === 'tool') return { type: 'tool', name: choice.name };
  return { type: choice.type };
}

/** `max_tokens` is left out when the hub has none: the Claude adapter fills in its default. */
export function messagesRequestFromHub(hub: HubRequest): Record<string, unknown> {
  const messages: Array<Record<string, unknown>> = [];
  for (const m of hub.messages) {
    // Tool results must open the user turn that answers the tool calls.
    const ordered =
      m.role === 'user'
        ? [
            ...m.parts.filter((p) => p.type === 'tool_result'),
            ...m.parts.filter((p) => p.type !== 'tool_result'),
          ]
        : m.parts;
    const content = ordered.map(partToBlock).filter((b): b is Record<string, unknown> => b !== null);
    if (content.length > 0) messages.push({ role: m.role, content });
  }
  const out: Record<string, unknown> = { model: hub.model, messages };
  if (hub.maxTokens > 0) out.max_tokens = hub.maxTokens;
  if (hub.system.length > 0) out.system = hub.system.join('\n\n');
  // Anthropic's temperature range is 0–1; OpenAI's is 0–2.
  if (hub.temperature !== undefined) out.temperature = Math.min(hub.temperature, 1);
  if (hub.topP !== undefined) out.top_p = hub.topP;
  if (hub.stop.length > 0) out.stop_sequences = hub.stop;
  if (hub.tools.length > 0) {
    out.tools = hub.tools.map((t) => ({
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      input_schema: t.parameters,
    }));
  }
  const choice = toolChoiceFromHub(hub.toolChoice);
  if (choice !== undefined) out.tool_choice = choice;
  if (hub.user) out.metadata = { user_id: hub.user };
  if (hub.thinkingBudget) out.thinking = { type: 'enabled', budget_tokens: hub.thinkingBudget };
  if (hub.stream) out.stream = true;
  return out;
}
