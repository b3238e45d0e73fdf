import type { HubMessage, HubPart, HubRequest, HubResponseFormat, HubTool, HubToolChoice } from '../hub.js';

/** OpenAI chat request bodies ↔ hub requests. */

interface ChatContentPart {
  type?: string;
  text?: string;
  image_url?: { url?: string } | string;
}

interface ChatToolCall {
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface ChatMessage {
  role?: string;
  content?: string | ChatContentPart[] | null;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
  reasoning_content?: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function contentText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (p.type === 'text' ? str(p.text) : '')).join('');
}

function contentParts(content: ChatMessage['content']): HubPart[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  const parts: HubPart[] = [];
  for (const part of content) {
    if (part.type === 'text' && part.text) parts.push({ type: 'text', text: part.text });
    else if (part.type === 'image_url') {
      const url = typeof part.image_url === 'string' ? part.image_url : str(part.image_url?.url);
      if (url) parts.push({ type: 'image', image: { url } });
    }
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

function toolChoiceToHub(choice: unknown): HubToolChoice | undefined {
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'required' };
  const name = (choice as { function?: { name?: unknown } } | null)?.function?.name;
  return typeof name === 'string' ? { type: 'tool', name } : undefined;
}

export function chatRequestToHub(body: Record<string, unknown>): HubRequest {
  const system: string[] = [];
  const messages: HubMessage[] = [];
  for (const m of Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : []) {
    switch (m.role) {
      case 'system':
      case 'developer': {
        const text = contentText(m.content);
        if (text) system.push(text);
        break;
      }
      case 'assistant': {
        const parts: HubPart[] = [];
        if (m.reasoning_content) parts.push({ type: 'thinking', text: m.reasoning_content });
        parts.push(...contentParts(m.content));
        for (const call of m.tool_calls ?? []) {
          parts.push({
            type: 'tool_call',
            id: str(call.id),
            name: str(call.function?.name),
            arguments: str(call.function?.arguments) || '{}',
          });
        }
        push(messages, 'assistant', parts);
        break;
      }
      case 'tool':
        push(messages, 'user', [
          { type: 'tool_result', callId: str(m.tool_call_id), content: contentText(m.content) },
        ]);
        break;
      default:
        push(messages, 'user', contentParts(m.content));
    }
  }
  const tools: HubTool[] = [];
  for (const t of Array.isArray(body.tools) ? (body.tools as Array<Record<string, unknown>>) : []) {
    const fn = t.function as { name?: string; description?: string; parameters?: Record<string, unknown> };
    if (t.type !== 'function' || !fn?.name) continue;
    tools.push({
      name: fn.name,
      ...(fn.description ? { description: fn.description } : {}),
      parameters: fn.parameters ?? { type: 'object', properties: {} },
    });
  }
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop : [];
  return {
    model: str(body.model),
    system,
    messages,
    tools,
    toolChoice: toolChoiceToHub(body.tool_choice),
    maxTokens: num(body.max_completion_tokens) ?? num(body.max_tokens) ?? 0,
    temperature: num(body.temperature),
    topP: num(body.top_p),
    stop: stop.filter((s): s is string => typeof s === 'string'),
    stream: body.stream === true,
    user: str(body.user) || undefined,
    responseFormat: responseFormatToHub(body.response_format),
    reasoningEffort: str(body.reasoning_effort) || undefined,
  };
}

/** `response_format`: json_object, or json_schema with its `json_schema` object; text is the default. */
function responseFormatToHub(raw: unknown): HubResponseFormat | undefined {
  const format = raw as { type?: unknown; json_schema?: Record<string, unknown> } | null | undefined;
  if (format?.type === 'json_object') return { type: 'json_object' };
  if (format?.type !== 'json_schema' || !format.json_schema) return undefined;
  const js = format.json_schema;
  return {
    type: 'json_schema',
    name: str(js.name) || 'response',
    schema: (js.schema as Record<string, unknown> | undefined) ?? {},
    ...(typeof js.strict === 'boolean' ? { strict: js.strict } : {}),
    ...(typeof js.description === 'string' ? { description: js.description } : {}),
  };
}

function responseFormatFromHub(format: HubResponseFormat): Record<string, unknown> {
  if (format.type === 'json_object') return { type: 'json_object' };
  const { type: _type, ...schema } = format;
  return { type: 'json_schema', json_schema: schema };
}

function partsToContent(parts: HubPart[]): string | ChatContentPart[] {
  const media = parts.some((p) => p.type === 'image');
  if (!media) {
    return parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
  }
  const out: ChatContentPart[] = [];
  for (const p of parts) {
    if (p.type === 'text') out.push({ type: 'text', text: p.text });
    else if (p.type === 'image') out.push({ type: 'image_url', image_url: { url: p.image.url } });
  }
  return out;
}

function toolChoiceFromHub(choice: HubToolChoice | undefined): unknown {
  if (!choice) return undefined;
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } };
  return choice.type;
}

export function chatRequestFromHub(hub: HubRequest): Record<string, unknown> {
  const messages: Array<Record<string, unknown>> = [];
  for (const text of hub.system) messages.push({ role: 'system', content: text });
  for (const m of hub.messages) {
    if (m.role === 'assistant') {
      const calls = m.parts.filter((p) => p.type === 'tool_call');
      const content = partsToContent(m.parts.filter((p) => p.type === 'text'));
      messages.push({
        role: 'assistant',
        content: content === '' && calls.length > 0 ? null : content,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      });
      continue;
    }
    // Tool results become tool messages, before the rest of the user's turn.
    for (const p of m.parts) {
      if (p.type === 'tool_result')
        messages.push({ role: 'tool', tool_call_id: p.callId, content: p.content });
    }
    const rest = m.parts.filter((p) => p.type === 'text' || p.type === 'image');
    if (rest.length > 0) messages.push({ role: 'user', content: partsToContent(rest) });
  }
  const out: Record<string, unknown> = { model: hub.model, messages };
  if (hub.maxTokens > 0) out.max_tokens = hub.maxTokens;
  if (hub.temperature !== undefined) out.temperature = hub.temperature;
  if (hub.topP !== undefined) out.top_p = hub.topP;
  if (hub.stop.length > 0) out.stop = hub.stop;
  if (hub.tools.length > 0) {
    out.tools = hub.tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        parameters: t.parameters,
      },
    }));
  }
  const choice = toolChoiceFromHub(hub.toolChoice);
  if (choice !== undefined) out.tool_choice = choice;
  if (hub.user) out.user = hub.user;
  if (hub.responseFormat) out.response_format = responseFormatFromHub(hub.responseFormat);
  if (hub.reasoningEffort) out.reasoning_effort = hub.reasoningEffort;
  if (hub.stream) out.stream = true;
  return out;
}
