import { randomUUID } from 'node:crypto';
import type { HubMessage, HubPart, HubRequest } from '../../formats/hub.js';

/** A message as ERNIE v1 takes it: `function` turns carry a tool's output, in the user's slot. */
export interface ErnieMessage {
  role: 'user' | 'assistant' | 'function';
  content: string;
  name?: string;
  function_call?: { name: string; arguments: string };
}

type Call = Extract<HubPart, { type: 'tool_call' }>;

const textOf = (parts: readonly HubPart[]) =>
  parts.flatMap((p) => (p.type === 'text' && p.text ? [p.text] : [])).join('\n');

/** Two turns of the same role in a row are joined: ERNIE wants user and assistant alternating. */
function append(out: ErnieMessage[], message: ErnieMessage) {
  const last = out[out.length - 1];
  if (last && last.role === message.role && message.role !== 'function' && !last.function_call) {
    last.content = [last.content, message.content].filter(Boolean).join('\n');
    if (message.function_call) last.function_call = message.function_call;
  } else out.push(message);
}

/**
 * Hub turns as ERNIE v1 messages. ERNIE's assistant turn holds ONE `function_call`, answered by
 * the next `function` turn; several parallel calls become a call/answer pair each, in the order
 * the results come. Images cannot be sent (ERNIE v1 takes text only) and are dropped, as is
 * earlier reasoning.
 */
export function ernieMessages(messages: readonly HubMessage[]): ErnieMessage[] {
  const out: ErnieMessage[] = [];
  const calls = new Map<string, Call>();
  let answered = 0;
  for (const message of messages) {
    const text = textOf(message.parts);
    if (message.role === 'assistant') {
      const own = message.parts.filter((p): p is Call => p.type === 'tool_call');
      for (const call of own) calls.set(call.id, call);
      answered = 0;
      const first = own[0];
      if (first) append(out, { role: 'assistant', content: text, function_call: ernieCall(first) });
      else if (text) append(out, { role: 'assistant', content: text });
      continue;
    }
    for (const part of message.parts) {
      if (part.type !== 'tool_result') continue;
      const call = calls.get(part.callId);
      // The first result answers the assistant turn just sent (which then names this result's
      // call, whatever order the results come in); each further one needs its own call turn.
      const previous = out[out.length - 1];
      if (answered === 0 && call && previous?.function_call) previous.function_call = ernieCall(call);
      else if (answered > 0 && call)
        out.push({ role: 'assistant', content: '', function_call: ernieCall(call) });
      out.push({ role: 'function', name: call?.name ?? part.callId, content: part.content });
      answered++;
    }
    if (!text) continue;
    const last = out[out.length - 1];
    // After a function turn the user's slot is taken: their words go with the tool's output.
    if (last?.role === 'function') last.content += `\n${text}`;
    else append(out, { role: 'user', content: text });
  }
  return out;
}

function ernieCall(call: Call) {
  return { name: call.name, arguments: call.arguments };
}

/**
 * `functions` and `tool_choice`. ERNIE's `tool_choice` only names a function to prefer; `none`
 * is kept by offering no functions, and `required` has no equivalent (ERNIE decides, as `auto`).
 */
export function ernieFunctionFields(hub: HubRequest): Record<string, unknown> {
  if (hub.tools.length === 0 || hub.toolChoice?.type === 'none') return {};
  const fields: Record<string, unknown> = {
    functions: hub.tools.map((t) => ({
      name: t.name,
      description: t.description ?? '',
      parameters: t.parameters,
    })),
  };
  const choice = hub.toolChoice;
  if (choice?.type === 'tool') fields.tool_choice = { type: 'function', function: { name: choice.name } };
  return fields;
}

/** ERNIE's `function_call` answer in hub parts: `thoughts` (why it calls) as reasoning. */
export function ernieCallParts(raw: unknown): HubPart[] {
  if (!raw || typeof raw !== 'object') return [];
  const call = raw as { name?: unknown; arguments?: unknown; thoughts?: unknown };
  const parts: HubPart[] = [];
  if (typeof call.thoughts === 'string' && call.thoughts)
    parts.push({ type: 'thinking', text: call.thoughts });
  parts.push({
    type: 'tool_call',
    // ERNIE's calls carry no id; the client needs one to answer them.
    id: `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    name: typeof call.name === 'string' ? call.name : '',
    arguments: typeof call.arguments === 'string' ? call.arguments : '{}',
  });
  return parts;
}
