/**
 * Reading the playground's streamed answer (OpenAI chat-completion chunks over SSE) from a fetch
 * response body. Pure, so the message lifecycle can be tested without a browser.
 */
export type StreamEvent =
  { kind: 'delta'; text: string } | { kind: 'error'; detail: string } | { kind: 'done' };

interface Chunk {
  choices?: Array<{ delta?: { content?: string | null; reasoning_content?: string | null } }>;
  error?: { message?: string } | string;
}

/** One `data:` payload → events. Usage-only chunks and pings yield nothing. */
export function parseStreamData(data: string): StreamEvent[] {
  if (data === '[DONE]') return [{ kind: 'done' }];
  let chunk: Chunk;
  try {
    chunk = JSON.parse(data) as Chunk;
  } catch {
    return [];
  }
  if (chunk.error) {
    const detail = typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? data);
    return [{ kind: 'error', detail }];
  }
  const text = chunk.choices?.[0]?.delta?.content;
  return text ? [{ kind: 'delta', text }] : [];
}

/** The SSE events of a byte stream, in order; a stream that simply ends yields no `done`. */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) yield* parseStreamData(line.slice(5).trim());
      newline = buffer.indexOf('\n');
    }
    if (done) {
      const rest = buffer.trim();
      if (rest.startsWith('data:')) yield* parseStreamData(rest.slice(5).trim());
      return;
    }
  }
}
