import {
  registerAndLogin,
  setupAndLoginRoot,
  setUserQuota,
  startFakeUpstream,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * A site ready for the token and log pages: a priced model served by a fake upstream that reports
 * fixed usage, a chat-link template, and a normal user with quota.
 */
export const MODEL = 'gpt-e2e';
export const MODEL_RATIO = 2;
export const COMPLETION_RATIO = 3;
export const USAGE = { prompt: 100, completion: 50 };
/** (prompt + completion × completion ratio) × model ratio × group ratio 1. */
export const EXPECTED_QUOTA = (USAGE.prompt + USAGE.completion * COMPLETION_RATIO) * MODEL_RATIO;
export const CHAT_NAME = 'E2E Chat';
export const USER = { username: 'carol', password: 'carol-pass-1' };
const UPSTREAM_KEY = 'sk-upstream-e2e';

export interface TokensSite {
  upstream: FakeUpstream;
  root: ApiClient;
  userId: number;
  /** The chat template; it points back at the gateway so the browser never leaves loopback. */
  chatTemplate: string;
}

async function putOption(root: ApiClient, key: string, value: string) {
  const res = await root.put('/api/option/', { key, value });
  if (!res.body.success) throw new Error(`option ${key}: ${res.body.message}`);
}

export async function prepareTokensSite(gateway: RunningGateway): Promise<TokensSite> {
  const upstream = await startFakeUpstream();
  upstream.scenario(UPSTREAM_KEY, { content: 'hello from the fake upstream', usage: USAGE });
  const root = await setupAndLoginRoot(gateway.url);

  const chatTemplate = `${gateway.url}/about?key={key}&server={address}`;
  await putOption(root, 'ModelRatio', JSON.stringify({ [MODEL]: MODEL_RATIO }));
  await putOption(root, 'CompletionRatio', JSON.stringify({ [MODEL]: COMPLETION_RATIO }));
  await putOption(root, 'ServerAddress', gateway.url);
  await putOption(root, 'Chats', JSON.stringify([{ [CHAT_NAME]: chatTemplate }]));

  const channel = await root.post('/api/channel/', {
    name: 'fake-openai',
    type: 1,
    key: UPSTREAM_KEY,
    base_url: upstream.url,
    models: MODEL,
    group: 'default',
  });
  if (!channel.body.success) throw new Error(`channel: ${channel.body.message}`);

  const user = await registerAndLogin(gateway.url, USER.username, USER.password);
  if (user.userId === null) throw new Error('no user id');
  await setUserQuota(gateway, user.userId, 50_000_000);
  return { upstream, root, userId: user.userId, chatTemplate };
}
