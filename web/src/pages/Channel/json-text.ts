/** JSON text fields of the channel form and the tag editor: blank is allowed, else a JSON object. */
export function isJsonObjectText(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return true;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** Pretty-printed JSON when the text parses, else the text unchanged (for showing stored values). */
export function prettyJson(text: string | null | undefined): string {
  const raw = (text ?? '').trim();
  if (!raw) return '';
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}
