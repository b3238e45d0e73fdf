import type { ApiEnvelope } from '@gateway/contract';

/** A failed /api call; `status` 0 means the server could not be reached. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The envelope message when the server sent one. */
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** The caller shows its own message; the client shows no toast (401 still redirects). */
  quiet?: boolean;
  /** For the sign-in call: a 401 there means wrong credentials, not an expired session. */
  noAuthRedirect?: boolean;
}

export interface HttpClientDeps {
  readUserId(): number | null;
  /** Expired session: forget the stored user and send the visitor to the login page. */
  onUnauthorized(): void;
  showError(message: string): void;
  translate(key: string, values?: Record<string, string>): string;
  /** Server messages are Chinese; English mode swaps known ones. */
  translateServerMessage(message: string): string;
  fetch?: typeof fetch;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function withQuery(path: string, query: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readEnvelope(response: Response): Promise<ApiEnvelope<unknown> | null> {
  try {
    const body = (await response.json()) as unknown;
    if (body && typeof body === 'object' && 'success' in body) return body as ApiEnvelope<unknown>;
  } catch {
    // Not JSON (a proxy's error page, an empty body): the status alone decides.
  }
  return null;
}

/** The console's /api client: the spec's error catalogue in one place (document 1, section 8). */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  function httpErrorMessage(status: number, serverMessage: string | null, fallback: string) {
    if (status === 429) return deps.translate('http.tooManyRequests');
    if (status === 500) return deps.translate('http.serverError');
    if (status === 405) return deps.translate('http.demoOnly');
    const detail = serverMessage ? deps.translateServerMessage(serverMessage) : fallback;
    return deps.translate('http.errorWithMessage', { message: detail });
  }

  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiEnvelope<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const userId = deps.readUserId();
    if (userId !== null) {
      headers['New-Api-User'] = String(userId);
      headers['Cache-Control'] = 'no-store';
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    const fail = (error: ApiRequestError): never => {
      if (!options.quiet) deps.showError(error.message);
      throw error;
    };

    let response: Response;
    try {
      response = await doFetch(withQuery(path, options.query), {
        method,
        headers,
        credentials: 'same-origin',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch {
      return fail(new ApiRequestError(deps.translate('http.unreachable'), 0, null));
    }

    const envelope = await readEnvelope(response);
    const serverMessage = envelope?.message ? envelope.message : null;
    if (!response.ok) {
      if (response.status === 401 && !options.noAuthRedirect) {
        deps.onUnauthorized();
        throw new ApiRequestError(
          deps.translate('http.errorWithMessage', { message: '401' }),
          401,
          serverMessage,
        );
      }
      const message = httpErrorMessage(
        response.status,
        serverMessage,
        response.statusText || String(response.status),
      );
      return fail(new ApiRequestError(message, response.status, serverMessage));
    }
    if (!envelope) {
      return fail(
        new ApiRequestError(
          httpErrorMessage(response.status, null, 'invalid response'),
          response.status,
          null,
        ),
      );
    }
    if (!envelope.success) {
      const message = serverMessage
        ? deps.translateServerMessage(serverMessage)
        : deps.translate('http.errorWithMessage', { message: String(response.status) });
      return fail(new ApiRequestError(message, response.status, serverMessage));
    }
    return envelope as ApiEnvelope<T>;
  }

  const data = async <T>(method: string, path: string, options?: RequestOptions) =>
    (await request<T>(method, path, options)).data as T;

  return {
    request,
    get: (path, options) => data('GET', path, options),
    post: (path, body, options) => data('POST', path, { ...options, body: body ?? {} }),
    put: (path, body, options) => data('PUT', path, { ...options, body: body ?? {} }),
    delete: (path, options) => data('DELETE', path, options),
  };
}
