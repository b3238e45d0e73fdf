const DEFAULT_REGION = 'us-central1';
const parsed = new Map<string, Record<string, string>>();

/**
 * The channel's `other`: a region name, or a JSON map of model → region with a `default` entry
 * (the channel form checks its shape).
 */
export function vertexRegion(other: string, model: string): string {
  const text = other.trim();
  if (!text.startsWith('{')) return text || DEFAULT_REGION;
  let map = parsed.get(text);
  if (!map) {
    try {
      map = JSON.parse(text) as Record<string, string>;
    } catch {
      map = {};
    }
    parsed.set(text, map);
  }
  const region = map[model] ?? map.default;
  return typeof region === 'string' && region.trim() ? region.trim() : DEFAULT_REGION;
}

/** `https://<region>-aiplatform.googleapis.com`; the global endpoint has no region prefix. */
export function vertexHost(region: string): string {
  return region === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${region}-aiplatform.googleapis.com`;
}
