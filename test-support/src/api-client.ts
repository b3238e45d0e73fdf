/**
 * A tiny console-like client for integration tests: keeps the session cookie and sends the
 * New-Api-User header the way the console does.
 */
export interface ApiResult<T = unknown> {
  status: number;
  body: { success: boolean; message: string; data?: T };
  headers: Headers;
}

export class ApiClient {
  cookie = '';
  userId: number | null = null;
  accessToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    if (this.userId !== null) headers['new-api-user'] = String(this.userId);
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await res.text();
    let parsed: ApiResult<T>['body'];
    try {
      parsed = JSON.parse(text) as ApiResult<T>['body'];
    } catch {
      parsed = { success: false, message: text };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Signs in and remembers the user id for the New-Api-User header. */
  async login(username: string, password: string): Promise<ApiResult<{ id: number; role: number }>> {
    const res = await this.post<{ id: number; role: number }>('/api/user/login', { username, password });
    if (res.body.success && res.body.data) this.userId = res.body.data.id;
    return res;
  }
}

/** Saves options through the API, one PUT each, and throws with the server's reason on a refusal. */
export async function putOptions(client: ApiClient, options: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(options)) {
    const res = await client.put('/api/option/', { key, value });
    if (!res.body.success) throw new Error(`option ${key}: ${res.body.message}`);
  }
}

export const ROOT = { username: 'root', password: 'root-pass-123' };

/** Runs the setup wizard and returns a client signed in as root. */
export async function setupAndLoginRoot(baseUrl: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const setup = await client.post('/api/setup', {
    username: ROOT.username,
    password: ROOT.password,
    confirmPassword: ROOT.password,
  });
  if (!setup.body.success) throw new Error(`setup failed: ${setup.body.message}`);
  const login = await client.login(ROOT.username, ROOT.password);
  if (!login.body.success) throw new Error(`root login failed: ${login.body.message}`);
  return client;
}

/** Registers a normal user and returns a client signed in as that user. */
export async function registerAndLogin(
  baseUrl: string,
  username: string,
  password = 'user-pass-123',
  extra: Record<string, unknown> = {},
): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const reg = await client.post('/api/user/register', { username, password, password2: password, ...extra });
  if (!reg.body.success) throw new Error(`register failed: ${reg.body.message}`);
  const login = await client.login(username, password);
  if (!login.body.success) throw new Error(`login failed: ${login.body.message}`);
  return client;
}
