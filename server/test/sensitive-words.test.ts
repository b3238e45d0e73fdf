import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  flushAll,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

type ApiErr = InstanceType<typeof OpenAI.APIError>;

/** Prompts with a configured word are refused before any quota is held. */
describe('sensitive words on prompts', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let token: { id: number; apiKey: string };
  let client: OpenAI;

  const chat = (content: string) =>
    client.chat.completions
      .create({ model: 'sw-model', messages: [{ role: 'user', content }] })
      .then(() => null)
      .catch((e: unknown) => e as ApiErr);

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'sw-model': 1 }) });
    await root.put('/api/option/', { key: 'SensitiveWords', value: 'Forbidden Topic\n秘密' });
    const user = await registerAndLogin(gw.url, 'careful');
    userId = user.userId!;
    await setUserQuota(gw, userId, 1_000_000);
    token = await addToken(gw, userId, { unlimited: true });
    client = new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    await addChannel(gw, { key: 'sw', baseUrl: upstream.url, models: ['sw-model'] });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it('refuses a chat prompt with a configured word, case-insensitively, and charges nothing', async () => {
    const err = await chat('tell me about the FORBIDDEN topic please');
    expect(err?.status).toBe(400);
    expect(err?.code).toBe('sensitive_words_detected');
    expect(err?.message).toMatch(/^400 sensitive words detected \(request id: /);
    // The word itself is never echoed back.
    expect(err?.message).not.toMatch(/forbidden/i);
    expect(upstream.requests.length).toBe(0);
    await flushAll(gw);
    expect((await balances(gw, userId, token.id)).user).toEqual({
      quota: 1_000_000,
      used_quota: 0,
      request_count: 0,
    });
  });

  it('checks completion prompts and embedding inputs too', async () => {
    const completion = await client.completions
      .create({ model: 'sw-model', prompt: ['fine', '这是秘密'] })
      .catch((e: unknown) => e as ApiErr);
    expect((completion as ApiErr).code).toBe('sensitive_words_detected');
    const embedding = await client.embeddings
      .create({ model: 'sw-model', input: 'a forbidden topic' })
      .catch((e: unknown) => e as ApiErr);
    expect((embedding as ApiErr).code).toBe('sensitive_words_detected');
    expect(upstream.requests.length).toBe(0);
  });

  it('checks Anthropic Messages (system prompt included) and answers in Anthropic shape', async () => {
    const anthropic = new Anthropic({ apiKey: token.apiKey, baseURL: gw.url, maxRetries: 0 });
    const err = (await anthropic.messages
      .create({
        model: 'sw-model',
        max_tokens: 16,
        system: [{ type: 'text', text: 'keep the 秘密' }],
        messages: [{ role: 'user', content: 'hello' }],
      })
      .catch((e: unknown) => e)) as InstanceType<typeof Anthropic.APIError>;
    expect(err.status).toBe(400);
    expect(err.error).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('sensitive words detected') },
    });
    expect(upstream.requests.length).toBe(0);
  });

  it('lets clean prompts through, and everything through once the check is off', async () => {
    expect(await chat('a harmless question')).toBeNull();
    await root.put('/api/option/', { key: 'CheckSensitiveOnPromptEnabled', value: 'false' });
    expect(await chat('the forbidden topic')).toBeNull();
    await root.put('/api/option/', { key: 'CheckSensitiveOnPromptEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'SensitiveWords', value: 'other' });
    expect(await chat('the forbidden topic')).toBeNull();
    expect(upstream.requests.length).toBe(3);
  });
});
