/**
 * The checks Gemini makes before doing any work, so gateway bugs the real API would reject
 * (a key missing from x-goog-api-key and ?key=, no contents, turns with unknown roles, function
 * responses without a name, OpenAI-only fields) fail in tests too. `skipValidation` turns off
 * the body checks.
 */
import type { HandlerContext } from '../router.js';
import type { ErrorSpec } from '../types.js';

const invalid = (message: string): ErrorSpec => ({ status: 400, type: 'INVALID_ARGUMENT', message });

const KNOWN_FIELDS = new Set([
  'contents',
  'systemInstruction',
  'tools',
  'toolConfig',
  'generationConfig',
  'safetySettings',
  'cachedContent',
  'labels',
]);

interface Content {
  role?: string;
  parts?: Array<Record<string, unknown>>;
}

/** An API key, in the header or the query (Vertex AI's routes check an OAuth token instead). */
export function checkApiKey(ctx: HandlerContext): ErrorSpec | null {
  const { headers, query } = ctx.request;
  if (!headers['x-goog-api-key'] && !query.key) {
    return { status: 403, type: 'PERMISSION_DENIED', message: "Method doesn't allow unregistered callers." };
  }
  return null;
}

export function validateGenerateRequest(ctx: HandlerContext): ErrorSpec | null {
  if (ctx.spec.skipValidation) return null;
  if (ctx.invalidJson) return invalid('Invalid JSON payload received.');
  const body = ctx.body;
  for (const field of Object.keys(body)) {
    if (!KNOWN_FIELDS.has(field))
      return invalid(`Invalid JSON payload received. Unknown name "${field}": Cannot find field.`);
  }
  const contents = body.contents;
  if (!Array.isArray(contents) || contents.length === 0)
    return invalid('* GenerateContentRequest.contents: contents is not specified');
  for (const [i, c] of (contents as Content[]).entries()) {
    if (c.role !== undefined && c.role !== 'user' && c.role !== 'model' && c.role !== 'function') {
      return invalid(`Please use a valid role: user, model.`);
    }
    if (!Array.isArray(c.parts) || c.parts.length === 0) {
      return invalid(`* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`);
    }
    for (const part of c.parts) {
      const fr = part.functionResponse as { name?: unknown } | undefined;
      if (fr && (typeof fr.name !== 'string' || !fr.name)) {
        return invalid(
          `* GenerateContentRequest.contents[${i}].parts.function_response.name: Name cannot be empty.`,
        );
      }
    }
  }
  return null;
}
