/**
 * Server-sent-events framing. Handlers build the whole stream as a list of framed events first;
 * `Reply.stream` then plays them with the scenario's timing and faults, so breaking or hanging
 * "after n chunks" means the same thing for every protocol family.
 */

/** What OpenAI actually sends; a gateway comparing the header for equality would break on it. */
export const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

/** OpenAI framing: one `data:` line per JSON chunk and a blank line. */
export function sseData(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** The OpenAI end-of-stream sentinel. */
export const SSE_DONE = 'data: [DONE]\n\n';

/** Named events, as Anthropic streams them (`event: message_start` ...). */
export function sseEvent(event: string, payload: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Splits a raw SSE body into its events (blank-line separated), keeping the separators, so a
 * scenario's `rawStream` obeys the same per-event delays and faults as a generated stream.
 */
export function splitSseEvents(raw: string): string[] {
  const events = raw.match(/[\s\S]*?(?:\r?\n\r?\n|$)/g) ?? [];
  return events.filter((event) => event.length > 0);
}
