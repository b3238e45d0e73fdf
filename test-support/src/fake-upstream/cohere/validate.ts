/** What Cohere's v1 chat checks: known fields, a message or tool results, the history's turns. */
import type { ErrorSpec } from '../types.js';

const ROLES = new Set(['USER', 'CHATBOT', 'SYSTEM', 'TOOL']);
/** Fields Cohere's v1 chat knows; anything else is refused, as Cohere does. */
const FIELDS = new Set([
  'model',
  'message',
  'chat_history',
  'preamble',
  'temperature',
  'max_tokens',
  'stop_sequences',
  'stream',
  'tools',
  'tool_results',
  'p',
  'k',
  'seed',
  'frequency_penalty',
  'presence_penalty',
  'conversation_id',
  'connectors',
  'documents',
  'prompt_truncation',
  'max_input_tokens',
  'force_single_step',
  'citation_quality',
  'response_format',
  'safety_mode',
  'search_queries_only',
  'raw_prompting',
  'return_prompt',
]);

function invalid(message: string): ErrorSpec {
  return { status: 400, message: `invalid request: ${message}` };
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A tool result: the call it answers (name and parameters) and a list of output objects. */
function toolResultError(result: unknown): string | null {
  if (
    !isObject(result) ||
    !isObject(result.call) ||
    typeof result.call.name !== 'string' ||
    !result.call.name
  )
    return 'tool_results[].call.name is required';
  if (!isObject(result.call.parameters)) return 'tool_results[].call.parameters must be an object';
  if (!Array.isArray(result.outputs) || !result.outputs.every(isObject))
    return 'tool_results[].outputs must be a list of objects';
  return null;
}

function turnError(turn: unknown): string | null {
  if (!isObject(turn) || !ROLES.has(String(turn.role))) return `invalid role in chat_history`;
  if (turn.role === 'TOOL') {
    if (!Array.isArray(turn.tool_results)) return 'TOOL turns need tool_results';
    for (const result of turn.tool_results) {
      const error = toolResultError(result);
      if (error) return error;
    }
    return null;
  }
  if (typeof turn.message !== 'string') return 'chat_history messages must be strings';
  if (turn.tool_calls !== undefined) {
    if (turn.role !== 'CHATBOT' || !Array.isArray(turn.tool_calls))
      return 'only CHATBOT turns have tool_calls';
    if (!turn.tool_calls.every((c) => isObject(c) && typeof c.name === 'string' && isObject(c.parameters)))
      return 'tool_calls need a name and parameters';
  }
  return null;
}

export function validateCohereChat(body: Json): ErrorSpec | null {
  for (const field of Object.keys(body)) {
    if (!FIELDS.has(field)) return invalid(`unknown field: parameter ${field} is not a valid field`);
  }
  const results = body.tool_results;
  if (results !== undefined) {
    if (!Array.isArray(results)) return invalid('tool_results must be a list');
    for (const result of results) {
      const error = toolResultError(result);
      if (error) return invalid(error);
    }
  }
  const hasResults = Array.isArray(results) && results.length > 0;
  if (typeof body.message !== 'string' || (body.message.trim() === '' && !hasResults)) {
    return invalid('message must be at least 1 token long or tool results must be specified.');
  }
  if (body.chat_history !== undefined) {
    if (!Array.isArray(body.chat_history)) return invalid('chat_history must be a list');
    for (const turn of body.chat_history) {
      const error = turnError(turn);
      if (error) return invalid(error);
    }
  }
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return invalid('tools must be a list');
    for (const tool of body.tools) {
      if (!isObject(tool) || typeof tool.name !== 'string' || !tool.name)
        return invalid('tools[].name is required');
      if (tool.parameter_definitions !== undefined && !isObject(tool.parameter_definitions))
        return invalid('tools[].parameter_definitions must be an object');
    }
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0)) {
    return invalid('temperature must be a non-negative number');
  }
  return null;
}
