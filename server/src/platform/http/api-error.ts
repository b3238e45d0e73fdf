import type { z } from 'zod';

/** An error answered as `{success:false, message}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);

export const ok = <T>(data?: T, message = '') =>
  data === undefined ? { success: true, message } : { success: true, message, data };

/** Parses input with a zod schema; the first issue becomes a 400 with a readable message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : '';
  const message = issue?.message ?? 'invalid input';
  // Custom messages are complete sentences; zod's generic ones need the field name.
  throw badRequest(
    field && /^(Invalid|Too|Expected|Required)/.test(message) ? `${field}: ${message}` : message,
  );
}
