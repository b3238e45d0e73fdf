import type { HubMessage, HubPart, HubRequest, HubTool } from '../../formats/hub.js';

/** A ChatCompletions message as Hunyuan takes it (PascalCase, as every Tencent Cloud API). */
export interface HunyuanMessage {
  Role: 'system' | 'user' | 'assistant' | 'tool';
  Content?: string;
  /** Text and images of a user turn (hunyuan-vision); replaces `Content`. */
  Contents?: Array<{ Type: 'text'; Text: string } | { Type: 'image_url'; ImageUrl: { Url: string } }>;
  ToolCalls?: Array<{ Id: string; Type: 'function'; Function: { Name: string; Arguments: string } }>;
  ToolCallId?: string;
}

type Call = Extract<HubPart, { type: 'tool_call' }>;

function userMessage(parts: readonly HubPart[]): HunyuanMessage | null {
  const texts = parts.flatMap((p) => (p.type === 'text' && p.text ? [p.text] : []));
  const images = parts.flatMap((p) => (p.type === 'image' ? [p.image.url] : []));
  if (images.length === 0) return texts.length > 0 ? { Role: 'user', Content: texts.join('\n') } : null;
  // Parts keep their order, so "look at this: <image>" reads as the client wrote it.
  const Contents: NonNullable<HunyuanMessage['Contents']> = [];
  for (const part of parts) {
    if (part.type === 'text' && part.text) Contents.push({ Type: 'text', Text: part.text });
    if (part.type === 'image') Contents.push({ Type: 'image_url', ImageUrl: { Url: part.image.url } });
  }
  return { Role: 'user', Contents };
}

function assistantMessage(parts: readonly HubPart[]): HunyuanMessage | null {
  // Earlier reasoning cannot be sent back to Hunyuan and is dropped.
  const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  const calls = parts.filter((p): p is Call => p.type === 'tool_call');
  if (!text && calls.length === 0) return null;
  const message: HunyuanMessage = { Role: 'assistant', Content: text };
  if (calls.length > 0) {
    message.ToolCalls = calls.map((c) => ({
      Id: c.id,
      Type: 'function',
      Function: { Name: c.name, Arguments: c.arguments },
    }));
  }
  return message;
}

/**
 * Two user or two assistant turns in a row are joined: Hunyuan refuses them, and a hub message
 * can become two (tool results, then the user's own words).
 */
function append(out: HunyuanMessage[], message: HunyuanMessage) {
  const last = out[out.length - 1];
  if (!last || last.Role !== message.Role || (message.Role !== 'user' && message.Role !== 'assistant')) {
    out.push(message);
  } else if (last.Contents || message.Contents) {
    const contents = (m: HunyuanMessage) => m.Contents ?? [{ Type: 'text' as const, Text: m.Content ?? '' }];
    last.Contents = [...contents(last), ...contents(message)];
    delete last.Content;
  } else {
    last.Content = [last.Content, message.Content].filter(Boolean).join('\n');
    if (message.ToolCalls) last.ToolCalls = [...(last.ToolCalls ?? []), ...message.ToolCalls];
  }
}

/** Hub turns as Hunyuan messages: tool results become `tool` messages answering their call's id. */
export function hunyuanMessages(
  system: readonly string[],
  messages: readonly HubMessage[],
): HunyuanMessage[] {
  const out: HunyuanMessage[] = system.map((text) => ({ Role: 'system', Content: text }));
  for (const message of messages) {
    if (message.role === 'assistant') {
      const assistant = assistantMessage(message.parts);
      if (assistant) append(out, assistant);
      continue;
    }
    for (const part of message.parts) {
      if (part.type === 'tool_result')
        append(out, { Role: 'tool', Content: part.content, ToolCallId: part.callId });
    }
    const user = userMessage(message.parts);
    if (user) append(out, user);
  }
  return out;
}

function hunyuanTool(tool: HubTool) {
  return {
    Type: 'function',
    // Hunyuan takes the JSON Schema as a JSON string.
    Function: {
      Name: tool.name,
      Description: tool.description ?? '',
      Parameters: JSON.stringify(tool.parameters),
    },
  };
}

/** `Tools`, `ToolChoice` and `CustomTool` of the request, or nothing when no tools are offered. */
export function hunyuanToolFields(hub: HubRequest): Record<string, unknown> {
  if (hub.tools.length === 0) return {};
  const fields: Record<string, unknown> = { Tools: hub.tools.map(hunyuanTool) };
  const choice = hub.toolChoice;
  if (choice?.type === 'none') fields.ToolChoice = 'none';
  else if (choice?.type === 'tool') {
    const tool = hub.tools.find((t) => t.name === choice.name);
    fields.ToolChoice = 'custom';
    fields.CustomTool = hunyuanTool(tool ?? { name: choice.name, parameters: {} });
    // Hunyuan has no "some tool must be called": `auto` is the nearest it offers.
  } else if (choice) fields.ToolChoice = 'auto';
  return fields;
}
