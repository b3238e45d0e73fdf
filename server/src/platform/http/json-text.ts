/**
 * Request bodies are decoded strictly: invalid UTF-8 would otherwise turn into U+FFFD silently,
 * and a NUL character (raw or as the JSON escape \u0000) is refused by PostgreSQL text columns,
 * so it would surface later as a 500 or a lost log batch. Both are the client's mistake: a 400.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The client's body is not text the gateway can store; `message` is safe to show. */
export class UnreadableTextError extends Error {
  constructor(readonly reason: 'utf8' | 'nul') {
    super(reason === 'utf8' ? 'the body is not valid UTF-8' : 'the body contains a NUL character');
  }
}

/** An escape \u0000 that is not itself escaped (an even run of backslashes before it). */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

export function decodeJsonText(raw: Uint8Array): string {
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    throw new UnreadableTextError('utf8');
  }
  // Two native scans; the regular expression runs only when the escape text is present at all.
  if (text.includes('\0') || (text.includes('\\u0000') && ESCAPED_NUL.test(text))) {
    throw new UnreadableTextError('nul');
  }
  return text;
}
