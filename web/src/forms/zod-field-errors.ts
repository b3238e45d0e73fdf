import { translateServerMessage } from '../i18n/server-messages';

export type FieldErrors = Record<string, string>;

/** The part of a zod schema this helper needs (keeps zod itself out of the console's imports). */
interface SafeParser {
  safeParse(
    values: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/**
 * Runs one of the shared request schemas (so the console checks exactly what the server checks,
 * with the same wording) and keeps the first message per field, translated for English.
 */
export function zodFieldErrors(schema: SafeParser, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = translateServerMessage(issue.message);
  }
  return errors;
}
