import type { HubPart, HubRequest, HubToolChoice } from '../hub.js';
import type { GeminiContent, GeminiPart } from './request.js';

/** Hub requests → Gemini generateContent bodies (for clients of other formats on Gemini channels). */

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** JSON Schema keys Gemini's function declarations refuse. */
const UNSUPPORTED_SCHEMA_KEYS = new Set(['$schema', '$id', 'additionalProperties', 'strict', '$defs']);

export function cleanSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleanSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!UNSUPPORTED_SCHEMA_KEYS.has(key)) out[key] = cleanSchema(value);
  }
  return out;
}

function guessMime(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (ext === 'png') return 'image/png';
  if (ext === 'webp') return 'image/webp';
  if (ext === 'gif') return 'image/gif';
  return 'image/jpeg';
}

function parseArgs(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

/** A tool result's text as Gemini's `response` object: JSON objects as they are, text wrapped. */
function responseObject(content: string): unknown {
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // not JSON: wrapped below
  }
  return { content };
}

function partToGemini(part: HubPart, callNames: Map<string, string>): GeminiPart | null {
  switch (part.type) {
    case 'text':
      return part.text ? { text: part.text } : null;
    case 'image': {
      const m = DATA_URL.exec(part.image.url);
      // Remote images go as file references; the gateway fetches nothing on the hot path.
      return m
        ? { inlineData: { mimeType: m[1], data: m[2] } }
        : { fileData: { mimeType: guessMime(part.image.url), fileUri: part.image.url } };
    }
    case 'thinking':
      // Gemini accepts earlier thoughts only with its own signatures, which the hub does not carry.
      return null;
    case 'tool_call':
      callNames.set(part.id, part.name);
      return { functionCall: { name: part.name, args: parseArgs(part.arguments) } };
    case 'tool_result':
      return {
        functionResponse: {
          name: callNames.get(part.callId) ?? part.callId,
          response: responseObject(part.content),
        },
      };
  }
}

function toolConfig(choice: HubToolChoice | undefined): Record<string, unknown> | undefined {
  if (!choice) return undefined;
  switch (choice.type) {
    case 'auto':
      return { functionCallingConfig: { mode: 'AUTO' } };
    case 'none':
      return { functionCallingConfig: { mode: 'NONE' } };
    case 'required':
      return { functionCallingConfig: { mode: 'ANY' } };
    case 'tool':
      return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } };
  }
}

export function geminiRequestFromHub(hub: HubRequest): Record<string, unknown> {
  const callNames = new Map<string, string>();
  const contents: GeminiContent[] = [];
  for (const m of hub.messages) {
    const parts = m.parts.map((p) => partToGemini(p, callNames)).filter((p): p is GeminiPart => p !== null);
    const role = m.role === 'assistant' ? 'model' : 'user';
    // Gemini wants turns to alternate: consecutive turns of one role (OpenAI's one message per
    // tool result) are merged.
    const last = contents.at(-1);
    if (parts.length === 0) continue;
    if (last && last.role === role) last.parts!.push(...parts);
    else contents.push({ role, parts });
  }
  const out: Record<string, unknown> = { contents };
  if (hub.system.length > 0) out.systemInstruction = { parts: [{ text: hub.system.join('\n\n') }] };
  if (hub.tools.length > 0) {
    out.tools = [
      {
        functionDeclarations: hub.tools.map((t) => ({
          name: t.name,
          ...(t.description ? { description: t.description } : {}),
          parameters: cleanSchema(t.parameters),
        })),
      },
    ];
  }
  const config = toolConfig(hub.toolChoice);
  if (config) out.toolConfig = config;
  const generation: Record<string, unknown> = {};
  if (hub.maxTokens > 0) generation.maxOutputTokens = hub.maxTokens;
  if (hub.temperature !== undefined) generation.temperature = hub.temperature;
  if (hub.topP !== undefined) generation.topP = hub.topP;
  if (hub.stop.length > 0) generation.stopSequences = hub.stop;
  if (hub.thinkingBudget)
    generation.thinkingConfig = { thinkingBudget: hub.thinkingBudget, includeThoughts: true };
  if (Object.keys(generation).length > 0) out.generationConfig = generation;
  return out;
}
