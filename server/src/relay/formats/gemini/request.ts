import type { HubMessage, HubPart, HubRequest, HubTool, HubToolChoice } from '../hub.js';

/** Gemini generateContent request bodies ↔ hub requests. The model is in the URL, not the body. */

export interface GeminiPart {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
  fileData?: { mimeType?: string; fileUri?: string };
  functionCall?: { id?: string; name?: string; args?: unknown };
  functionResponse?: { id?: string; name?: string; response?: unknown };
}

export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}

interface GenerationConfig {
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  stopSequences?: string[];
  thinkingConfig?: { thinkingBudget?: number; includeThoughts?: boolean };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Text of a system instruction: a string, a Content, or its parts' text joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = (content as GeminiContent | undefined)?.parts;
  if (!Array.isArray(parts)) return '';
  return parts.map((p) => (typeof p.text === 'string' ? p.text : '')).join('');
}

/**
 * Gemini's calls may carry no id (older models never do); the hub needs one to pair results with
 * calls, so calls without one get `call_<n>` in order, and a response without one is paired with
 * the oldest unanswered call of its name.
 */
export class CallIds {
  private next = 0;
  private readonly open = new Map<string, string[]>();

  forCall(name: string, id: string | undefined): string {
    const callId = id || `call_${this.next}`;
    this.next += 1;
    const queue = this.open.get(name) ?? [];
    queue.push(callId);
    this.open.set(name, queue);
    return callId;
  }

  forResponse(name: string, id: string | undefined): string {
    const queue = this.open.get(name) ?? [];
    if (id) {
      const at = queue.indexOf(id);
      if (at >= 0) queue.splice(at, 1);
      return id;
    }
    return queue.shift() ?? `call_${name}`;
  }
}

function responseText(response: unknown): string {
  return typeof response === 'string' ? response : JSON.stringify(response ?? {});
}

function partToHub(part: GeminiPart, ids: CallIds): HubPart | null {
  if (part.functionCall) {
    const name = part.functionCall.name ?? '';
    return {
      type: 'tool_call',
      id: ids.forCall(name, part.functionCall.id),
      name,
      arguments: JSON.stringify(part.functionCall.args ?? {}),
    };
  }
  if (part.functionResponse) {
    const name = part.functionResponse.name ?? '';
    return {
      type: 'tool_result',
      callId: ids.forResponse(name, part.functionResponse.id),
      content: responseText(part.functionResponse.response),
    };
  }
  if (part.inlineData?.data) {
    const mime = part.inlineData.mimeType ?? 'application/octet-stream';
    return { type: 'image', image: { url: `data:${mime};base64,${part.inlineData.data}` } };
  }
  if (part.fileData?.fileUri) return { type: 'image', image: { url: part.fileData.fileUri } };
  if (typeof part.text === 'string' && part.text) {
    return part.thought ? { type: 'thinking', text: part.text } : { type: 'text', text: part.text };
  }
  return null;
}

/** Gemini contents → hub messages (also used for the answer's candidates). */
export function contentsToHub(contents: unknown, ids = new CallIds()): HubMessage[] {
  const messages: HubMessage[] = [];
  for (const c of Array.isArray(contents) ? (contents as GeminiContent[]) : []) {
    const parts = (c.parts ?? []).map((p) => partToHub(p, ids)).filter((p): p is HubPart => p !== null);
    messages.push({ role: c.role === 'model' ? 'assistant' : 'user', parts });
  }
  return messages;
}

function toolsToHub(tools: unknown): HubTool[] {
  const out: HubTool[] = [];
  for (const tool of Array.isArray(tools) ? (tools as Array<Record<string, unknown>>) : []) {
    // Built-in tools (googleSearch, codeExecution…) have no hub equivalent and are dropped.
    const declarations = tool.functionDeclarations;
    for (const d of Array.isArray(declarations) ? (declarations as Array<Record<string, unknown>>) : []) {
      if (typeof d.name !== 'string') continue;
      const parameters = (d.parametersJsonSchema ??
        d.parameters ?? { type: 'object', properties: {} }) as Record<string, unknown>;
      out.push({
        name: d.name,
        ...(typeof d.description === 'string' ? { description: d.description } : {}),
        parameters: lowerTypes(parameters) as Record<string, unknown>,
      });
    }
  }
  return out;
}

/** Gemini's OpenAPI-style schemas may spell types in capitals (STRING, OBJECT); JSON Schema does not. */
function lowerTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lowerTypes);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'type' && typeof value === 'string' ? value.toLowerCase() : lowerTypes(value);
  }
  return out;
}

function toolChoiceToHub(config: unknown): HubToolChoice | undefined {
  const c = (config as { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } })
    ?.functionCallingConfig;
  switch (c?.mode) {
    case 'AUTO':
      return { type: 'auto' };
    case 'NONE':
      return { type: 'none' };
    case 'ANY':
      return c.allowedFunctionNames?.length === 1
        ? { type: 'tool', name: c.allowedFunctionNames[0]! }
        : { type: 'required' };
    default:
      return undefined;
  }
}

/** `stream` comes from the URL (:streamGenerateContent); the bridge sets it and the model. */
export function geminiRequestToHub(body: Record<string, unknown>): HubRequest {
  const system = contentText(body.systemInstruction);
  const config = (body.generationConfig ?? {}) as GenerationConfig;
  const budget = num(config.thinkingConfig?.thinkingBudget);
  return {
    model: '',
    system: system ? [system] : [],
    messages: contentsToHub(body.contents),
    tools: toolsToHub(body.tools),
    toolChoice: toolChoiceToHub(body.toolConfig),
    maxTokens: num(config.maxOutputTokens) ?? 0,
    temperature: num(config.temperature),
    topP: num(config.topP),
    stop: Array.isArray(config.stopSequences)
      ? config.stopSequences.filter((s): s is string => typeof s === 'string')
      : [],
    stream: false,
    ...(budget && budget > 0 ? { thinkingBudget: budget } : {}),
  };
}
