/** Reading SSE replies in tests (of the fake itself, or of the gateway relaying it). */

export interface SseEvent {
  event?: string;
  data: string;
}

/** Splits an SSE body into events; `data` lines of one event are joined with newlines. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data: string[] = [];
    let event: string | undefined;
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      else if (line.startsWith('event:')) event = line.slice(6).trim();
    }
    if (data.length > 0) events.push({ ...(event ? { event } : {}), data: data.join('\n') });
  }
  return events;
}

/** The JSON payloads of an OpenAI-style stream, without the `[DONE]` sentinel. */
export function sseJson<T = Record<string, unknown>>(text: string): T[] {
  return parseSse(text)
    .filter((e) => e.data !== '[DONE]')
    .map((e) => JSON.parse(e.data) as T);
}

/**
 * Reads a streamed body as far as it goes. A body cut by the server (a broken stream) does not
 * throw: `complete` is false and `text` holds what arrived before the cut.
 */
export async function readStream(response: Response): Promise<{ text: string; complete: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', complete: true };
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, complete: true };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, complete: false };
  }
}
