/**
 * The extension point: a protocol family (OpenAI, Anthropic, Gemini) contributes a
 * list of routes and knows how its errors look. The server only matches routes, applies the
 * scenario's generic behaviour (delays, failures, dropped connections) and calls the handler.
 */
import type { Reply } from './reply.js';
import type { ErrorSpec, RecordedRequest, ScenarioSpec } from './types.js';

export interface ProtocolFamily {
  name: string;
  /** The JSON error body for an error without an explicit `body`, e.g. OpenAI's `{"error":{...}}`. */
  errorBody(error: ErrorSpec): unknown;
  /** What a key starting with `invalid` gets. */
  invalidKey(key: string): ErrorSpec;
  /** What a request without any key gets when the server requires keys. */
  missingKey(): ErrorSpec;
  /** The error served by `failTimes` when the scenario names none. */
  defaultFailure(): ErrorSpec;
  /** Headers the real provider sends on every reply (request ids and the like). */
  baseHeaders(): Record<string, string>;
  /** Headers an error reply adds (AWS names the error in `x-amzn-errortype`). */
  errorHeaders?(error: ErrorSpec): Record<string, string>;
}

export interface HandlerContext {
  request: RecordedRequest;
  /** The JSON object or multipart fields; `{}` for anything else. */
  body: Record<string, unknown>;
  /** True when the body claimed to be JSON but did not parse. */
  invalidJson: boolean;
  params: Record<string, string>;
  spec: ScenarioSpec;
  reply: Reply;
  /** The fake upstream's own base URL, for links such as image URLs. */
  baseUrl: string;
}

export interface Route {
  method: 'GET' | 'POST';
  /**
   * `/v1/chat/completions`, with `:name` for one path segment and a trailing `*` for the rest; or
   * a RegExp whose named groups become params (for shapes like Gemini's `models/x:generateContent`).
   */
  path: string | RegExp;
  /** Recorded on the request, e.g. `azure.chat`. */
  name: string;
  family: ProtocolFamily;
  handle(ctx: HandlerContext): Promise<void> | void;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i];
    if (segment === '*' && i === want.length - 1) {
      if (got.length <= i) return null;
      params['*'] = got.slice(i).join('/');
      return params;
    }
    if (i >= got.length) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(got[i]);
    else if (segment !== got[i]) return null;
  }
  return got.length === want.length ? params : null;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    if (typeof route.path === 'string') {
      const params = matchPattern(route.path, path);
      if (params) return { route, params };
    } else {
      const match = route.path.exec(path);
      if (match) return { route, params: { ...match.groups } };
    }
  }
  return null;
}
