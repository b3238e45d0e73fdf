import { randomUUID } from 'node:crypto';
import type { HubPart, HubTool } from '../../formats/hub.js';

/** A tool call in Cohere v1 terms: no id, the arguments as an object. */
export interface CohereToolCall {
  name: string;
  parameters: Record<string, unknown>;
}

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

/** JSON Schema types as Cohere v1 names them (Python's). */
const TYPES: Readonly<Record<string, string>> = {
  string: 'str',
  integer: 'int',
  number: 'float',
  boolean: 'bool',
  array: 'list',
  object: 'dict',
};

function typeName(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const name = TYPES[type ?? ''] ?? 'str';
  const items = schema.items?.type;
  return name === 'list' && typeof items === 'string' && TYPES[items] ? `List[${TYPES[items]}]` : name;
}

/**
 * Tools as Cohere v1's `parameter_definitions`: one flat entry per top-level property (Cohere v1
 * describes parameters, not schemas; nested objects are sent as `dict`).
 */
export function cohereTools(tools: readonly HubTool[]): Record<string, unknown>[] {
  return tools.map((tool) => {
    const schema = tool.parameters as JsonSchema;
    const required = new Set(schema.required ?? []);
    const definitions: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      definitions[name] = {
        ...(property.description ? { description: property.description } : {}),
        type: typeName(property),
        required: required.has(name),
      };
    }
    return { name: tool.name, description: tool.description ?? '', parameter_definitions: definitions };
  });
}

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function cohereToolCall(part: Extract<HubPart, { type: 'tool_call' }>): CohereToolCall {
  return { name: part.name, parameters: jsonObject(part.arguments) ?? {} };
}

/** A tool's output as Cohere wants it: a list of objects (a JSON object as it is, else `{result}`). */
export function cohereToolResult(call: CohereToolCall, content: string): Record<string, unknown> {
  return { call, outputs: [jsonObject(content) ?? { result: content }] };
}

/** Cohere v1 calls carry no id; the client needs one to answer them. */
export function hubToolCall(call: CohereToolCall): Extract<HubPart, { type: 'tool_call' }> {
  return {
    type: 'tool_call',
    id: `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    name: String(call.name ?? ''),
    arguments: JSON.stringify(call.parameters ?? {}),
  };
}
