import type { Usage } from './billing/pricing.js';
import type { RelayMode } from './providers/types.js';

type UsageField = { field: string; value: Record<string, number> };

/** The usage object of each client format that has one, for the tokens billed. */
function usageField(mode: RelayMode, u: Usage): UsageField | null {
  const total = u.promptTokens + u.completionTokens;
  switch (mode) {
    case 'chat':
    case 'completions':
      return {
        field: 'usage',
        value: { prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: total },
      };
    case 'embeddings':
      // OpenAI's embeddings usage has no completion count.
      return { field: 'usage', value: { prompt_tokens: u.promptTokens, total_tokens: u.promptTokens } };
    case 'responses':
      return {
        field: 'usage',
        value: { input_tokens: u.promptTokens, output_tokens: u.completionTokens, total_tokens: total },
      };
    case 'messages':
      return { field: 'usage', value: { input_tokens: u.promptTokens, output_tokens: u.completionTokens } };
    case 'gemini':
      return {
        field: 'usageMetadata',
        value: {
          promptTokenCount: u.promptTokens,
          candidatesTokenCount: u.completionTokens,
          totalTokenCount: total,
        },
      };
    default:
      return null;
  }
}

/**
 * A whole answer whose upstream reported no usage, given the usage the gateway counted and
 * billed, in the client format's own field, so the client sees what it pays for. Called only
 * for counted usage: answers that carried their usage are never parsed again. Answers that are
 * not a JSON object (audio, transcripts as text) or have no usage field in their format pass as
 * they are (null).
 */
export function withComputedUsage(mode: RelayMode, body: Buffer, usage: Usage): Buffer | null {
  const field = usageField(mode, usage);
  if (!field || body.length === 0 || body[0] !== 0x7b) return null;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  json[field.field] = field.value;
  return Buffer.from(JSON.stringify(json));
}
