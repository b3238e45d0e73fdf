/** Splitting reply text into stream deltas, shared by chat and legacy completions. */

export const DEFAULT_REPLY = 'Hello! This is the fake upstream speaking.';

/**
 * One delta per word (leading whitespace kept, like OpenAI's tokens), or exactly `count` parts of
 * nearly equal length when asked. Joining the parts always gives the text back.
 */
export function splitText(text: string, count?: number): string[] {
  if (count !== undefined) {
    const chars = Array.from(text); // code points, so no surrogate pair is cut in half
    const parts: string[] = [];
    for (let i = 0; i < count; i += 1) {
      parts.push(
        chars
          .slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count))
          .join(''),
      );
    }
    return parts;
  }
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/** The parts of a streamed reply: explicit `chunks` win over `content` + `chunkCount`. */
export function replyDeltas(content: string, chunks: string[] | undefined, chunkCount: number | undefined) {
  return chunks ?? splitText(content, chunkCount);
}
