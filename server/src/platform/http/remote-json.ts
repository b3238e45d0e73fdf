/**
 * Fetching a small JSON document from an address an administrator typed (OIDC discovery, the
 * release listing). The address is not trusted to be fast, small or well-formed: every request has
 * a deadline and a size cap, and every failure becomes a RemoteJsonError with a readable reason.
 */

export class RemoteJsonError extends Error {}

export interface RemoteJsonOptions {
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The most specific reason in a fetch failure ("fetch failed" alone tells nothing). */
function describeFailure(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return '请求超时';
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message ?? String(err);
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new RemoteJsonError('响应过大');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new RemoteJsonError('响应过大');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GETs `url` and returns its JSON object; http(s) only. */
export async function fetchJsonObject(
  url: string,
  options: RemoteJsonOptions = {},
): Promise<Record<string, unknown>> {
  if (!isHttpUrl(url)) throw new RemoteJsonError('地址必须以 http:// 或 https:// 开头');
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let text: string;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      redirect: 'follow',
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RemoteJsonError(`状态码 ${response.status}`);
    }
    text = await readCapped(response, options.maxBytes ?? DEFAULT_MAX_BYTES);
  } catch (err) {
    if (err instanceof RemoteJsonError) throw err;
    throw new RemoteJsonError(describeFailure(err));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RemoteJsonError('响应不是合法的 JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RemoteJsonError('响应不是 JSON 对象');
  }
  return parsed as Record<string, unknown>;
}
