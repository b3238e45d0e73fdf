import type { UserView } from '@gateway/contract';
import { registerAndLogin, type ApiClient } from '@gateway/test-support';

/** Helpers shared by the user-management integration tests. */

export const USER_PASSWORD = 'user-pass-123';

/** A new user promoted to admin by root through the manage call. */
export async function registerAdmin(baseUrl: string, root: ApiClient, name: string): Promise<ApiClient> {
  const admin = await registerAndLogin(baseUrl, name);
  const res = await root.post('/api/user/manage', { id: admin.userId, action: 'promote' });
  if (!res.body.success) throw new Error(`promote failed: ${res.body.message}`);
  return admin;
}

export const manage = (caller: ApiClient, id: number | null, action: string) =>
  caller.post<{ role: number; status: number }>('/api/user/manage', { id, action });

export const userRow = async (root: ApiClient, id: number | null) =>
  (
    await root.get<{ items: UserView[] }>(`/api/user/search?keyword=${id}&p=1&page_size=100`)
  ).body.data?.items.find((u) => u.id === id);

/** One chat call through the relay with a raw fetch: the status and the OpenAI-shaped error, if any. */
export async function relayChat(baseUrl: string, apiKey: string, model: string, maxTokens = 40) {
  const res = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'x' }], max_tokens: maxTokens }),
  });
  const body = (await res.json()) as { error?: { message: string; code?: string } };
  // Relay errors end with " (request id: …)", which differs on every call.
  const error = body.error && {
    ...body.error,
    message: body.error.message.replace(/ \(request id: [^)]*\)$/, ''),
  };
  return { status: res.status, error };
}
