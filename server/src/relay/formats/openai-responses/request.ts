import type { HubMessage, HubPart, HubRequest, HubResponseFormat, HubTool, HubToolChoice } from '../hub.js';

/**
 * OpenAI Responses request bodies ↔ hub requests. `input` is a string or a list of items:
 * messages (input_text, input_image, output_text parts), function_call and function_call_output.
 * Items only OpenAI keeps state for (reasoning items, item references, built-in tools such as
 * web_search) have no hub equivalent and are dropped when the upstream is another family.
 */

interface ContentPart {
  type?: string;
  text?: string;
  image_url?: string;
  refusal?: string;
}

export interface InputItem {
  type?: string;
  role?: string;
  content?: string | ContentPart[];
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: string | ContentPart[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The text of a content list (input_text, output_text and refusal parts). */
export function contentText(content: InputItem['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => str(p.text) || str(p.refusal)).join('');
}

function contentParts(content: InputItem['content']): HubPart[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  const parts: HubPart[] = [];
  for (const part of content) {
    const text = str(part.text) || str(part.refusal);
    if (text) parts.push({ type: 'text', text });
    // Uploaded files (file_id) live in OpenAI's storage: another family cannot read them.
    else if (part.type === 'input_image' && part.image_url)
      parts.push({ type: 'image', image: { url: part.image_url } });
  }
  return parts;
}

/** Appends to the last message when it has the same role: Anthropic needs alternating roles. */
function push(messages: HubMessage[], role: HubMessage['role'], parts: HubPart[]) {
  if (parts.length === 0) return;
  const last = messages.at(-1);
  if (last && last.role === role) last.parts.push(...parts);
  else messages.push({ role, parts });
}

/** The items of `input`: a string is one user message. */
export function inputItems(body: Record<string, unknown>): InputItem[] {
  if (typeof body.input === 'string') return [{ type: 'message', role: 'user', content: body.input }];
  return Array.isArray(body.input)
    ? (body.input as InputItem[]).filter((i) => i && typeof i === 'object')
    : [];
}

function toolChoiceToHub(choice: unknown): HubToolChoice | undefined {
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'required' };
  const c = choice as { type?: unknown; name?: unknown } | null;
  return c?.type === 'function' && typeof c.name === 'string' ? { type: 'tool', name: c.name } : undefined;
}

function formatToHub(text: unknown): HubResponseFormat | undefined {
  const format = (text as { format?: Record<string, unknown> } | null)?.format;
  if (format?.type === 'json_object') return { type: 'json_object' };
  if (format?.type !== 'json_schema') return undefined;
  return {
    type: 'json_schema',
    name: str(format.name) || 'response',
    schema: (format.schema as Record<string, unknown> | undefined) ?? {},
    ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}),
    ...(typeof format.description === 'string' ? { description: format.description } : {}),
  };
}

export function responsesRequestToHub(body: Record<string, unknown>): HubRequest {
  const system: string[] = [];
  const instructions = str(body.instructions);
  if (instructions) system.push(instructions);
  const messages: HubMessage[] = [];
  for (const item of inputItems(body)) {
    switch (item.type ?? 'message') {
      case 'message':
        if (item.role === 'system' || item.role === 'developer') {
          const text = contentText(item.content);
          if (text) system.push(text);
        } else push(messages, item.role === 'assistant' ? 'assistant' : 'user', contentParts(item.content));
        break;
      case 'function_call':
        push(messages, 'assistant', [
          {
            type: 'tool_call',
            id: str(item.call_id),
            name: str(item.name),
            arguments: str(item.arguments) || '{}',
          },
        ]);
        break;
      case 'function_call_output':
        push(messages, 'user', [
          {
            type: 'tool_result',
            callId: str(item.call_id),
            content: typeof item.output === 'string' ? item.output : contentText(item.output),
          },
        ]);
        break;
      default:
        break;
    }
  }
  const tools: HubTool[] = [];
  for (const t of Array.isArray(body.tools) ? (body.tools as Array<Record<string, unknown>>) : []) {
    if (t.type !== 'function' || typeof t.name !== 'string' || !t.name) continue;
    tools.push({
      name: t.name,
      ...(typeof t.description === 'string' && t.description ? { description: t.description } : {}),
      parameters: (t.parameters as Record<string, unknown> | undefined) ?? { type: 'object', properties: {} },
    });
  }
  const effort = (body.reasoning as { effort?: unknown } | null | undefined)?.effort;
  return {
    model: str(body.model),
    system,
    messages,
    tools,
    toolChoice: toolChoiceToHub(body.tool_choice),
    maxTokens: num(body.max_output_tokens) ?? 0,
    temperature: num(body.temperature),
    topP: num(body.top_p),
    stop: [],
    stream: body.stream === true,
    user: str(body.user) || undefined,
    responseFormat: formatToHub(body.text),
    reasoningEffort: str(effort) || undefined,
  };
}

function userContent(parts: HubPart[]): ContentPart[] {
  const out: ContentPart[] = [];
  for (const p of parts) {
    if (p.type === 'text') out.push({ type: 'input_text', text: p.text });
    else if (p.type === 'image') out.push({ type: 'input_image', image_url: p.image.url });
  }
  return out;
}

function formatFromHub(format: HubResponseFormat): Record<string, unknown> {
  if (format.type === 'json_object') return { type: 'json_object' };
  return { ...format };
}

export function responsesRequestFromHub(hub: HubRequest): Record<string, unknown> {
  const input: Array<Record<string, unknown>> = [];
  for (const m of hub.messages) {
    if (m.role === 'assistant') {
      const text = m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
      if (text) {
        input.push({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
      }
      for (const p of m.parts) {
        if (p.type === 'tool_call')
          input.push({ type: 'function_call', call_id: p.id, name: p.name, arguments: p.arguments });
      }
      continue;
    }
    for (const p of m.parts) {
      if (p.type === 'tool_result')
        input.push({ type: 'function_call_output', call_id: p.callId, output: p.content });
    }
    const content = userContent(m.parts);
    if (content.length > 0) input.push({ type: 'message', role: 'user', content });
  }
  const out: Record<string, unknown> = { model: hub.model, input };
  if (hub.system.length > 0) out.instructions = hub.system.join('\n\n');
  if (hub.maxTokens > 0) out.max_output_tokens = hub.maxTokens;
  if (hub.temperature !== undefined) out.temperature = hub.temperature;
  if (hub.topP !== undefined) out.top_p = hub.topP;
  if (hub.tools.length > 0) {
    out.tools = hub.tools.map((t) => ({
      type: 'function',
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      parameters: t.parameters,
    }));
  }
  const choice = hub.toolChoice;
  if (choice)
    out.tool_choice = choice.type === 'tool' ? { type: 'function', name: choice.name } : choice.type;
  if (hub.responseFormat) out.text = { format: formatFromHub(hub.responseFormat) };
  if (hub.reasoningEffort) out.reasoning = { effort: hub.reasoningEffort };
  if (hub.user) out.user = hub.user;
  if (hub.stream) out.stream = true;
  // The gateway keeps no conversation state for other formats' clients.
  out.store = false;
  return out;
}
