import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  consumeLogs,
  registerAndLogin,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

/**
 * Bodies the gateway cannot store or forward: invalid UTF-8, NUL characters, oversized bodies.
 * Each is the client's mistake and answers 4xx in the protocol's own error shape, never a 5xx.
 * Limits here: API_BODY_LIMIT 2kb, RELAY_BODY_LIMIT 8kb.
 */
describe('hostile input', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let apiKey: string;
  let userId: number;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway({ env: { API_BODY_LIMIT: '2kb', RELAY_BODY_LIMIT: '8kb' } });
    const root = await setupAndLoginRoot(gw.url);
    const res = await root.put('/api/option/', {
      key: 'ModelRatio',
      value: JSON.stringify({ 'h-model': 1 }),
    });
    expect(res.body.success, res.body.message).toBe(true);
    userId = (await registerAndLogin(gw.url, 'hostile')).userId!;
    await setUserQuota(gw, userId, 1_000_000);
    apiKey = (await addToken(gw, userId, { unlimited: true })).apiKey;
    upstream.scenario('fine', { content: 'ok' });
    await addChannel(gw, { key: 'fine', baseUrl: upstream.url, models: ['h-model'] });
  });

  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  const post = async (path: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    const res = await fetch(gw.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    // Loosely typed on purpose: the tests compare whole error shapes of several protocols.
    type Loose = { [key: string]: Loose } & { message: string };
    return { status: res.status, body: (await res.json()) as Record<string, Loose> };
  };
  /** A chat body whose message text is spliced in as raw JSON text. */
  const chatJson = (rawText: string) =>
    `{"model":"h-model","max_tokens":5,"messages":[{"role":"user","content":"${rawText}"}]}`;
  const INVALID_UTF8 = Buffer.concat([
    Buffer.from('{"model":"h-model","messages":[{"role":"user","content":"'),
    Buffer.from([0xc3, 0x28, 0xff]),
    Buffer.from('"}]}'),
  ]);

  it('answers 400 in the OpenAI shape for NUL characters and invalid UTF-8 on /v1', async () => {
    for (const body of [chatJson('a\\u0000b'), chatJson('a\0b'), INVALID_UTF8]) {
      const res = await post('/v1/chat/completions', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request' });
    }
    expect((await post('/v1/chat/completions', chatJson('a\\u0000b'))).body.error.message).toContain('NUL');
    expect((await post('/v1/chat/completions', INVALID_UTF8)).body.error.message).toContain('UTF-8');
    expect(upstream.requests.length).toBe(0);
    expect(await consumeLogs(gw, userId)).toHaveLength(0);
  });

  it('answers 400 in the Anthropic shape on /v1/messages', async () => {
    for (const body of [chatJson('\\u0000'), INVALID_UTF8]) {
      const res = await post('/v1/messages', body, { 'anthropic-version': '2023-06-01' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    }
    expect(upstream.requests.length).toBe(0);
  });

  it('answers 400 in the Gemini shape on generateContent and countTokens', async () => {
    const gemini = (text: string) => `{"contents":[{"role":"user","parts":[{"text":"${text}"}]}]}`;
    const wrapped = (text: string) => `{"generateContentRequest":${gemini(text)}}`;
    const bodies = [gemini('a\\u0000b'), gemini('a\0b'), wrapped('\\u0000'), INVALID_UTF8];
    for (const method of ['generateContent', 'countTokens']) {
      for (const body of bodies) {
        const res = await post(`/v1beta/models/h-model:${method}`, body);
        expect([method, res.status]).toEqual([method, 400]);
        expect(res.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      }
    }
    const counted = await post('/v1beta/models/h-model:countTokens', wrapped('hello'));
    expect(counted.status).toBe(200);
    expect(upstream.requests.length).toBe(0);
  });

  it('still relays an escaped backslash followed by the text u0000', async () => {
    const res = await post('/v1/chat/completions', chatJson('C:\\\\u0000'));
    expect(res.status).toBe(200);
    const sent = upstream.requests.last()?.body as { messages: { content: string }[] };
    expect(sent.messages[0]!.content).toBe('C:\\u0000');
  });

  it('answers 413 in each protocol shape above RELAY_BODY_LIMIT and relays bodies below it', async () => {
    const big = chatJson('x'.repeat(9 * 1024));
    const openai = await post('/v1/chat/completions', big);
    expect(openai.status).toBe(413);
    expect(openai.body.error).toMatchObject({
      code: 'request_body_too_large',
      type: 'invalid_request_error',
    });
    expect(openai.body.error.message).toContain(String(8 * 1024));
    const anthropic = await post('/v1/messages', big, { 'anthropic-version': '2023-06-01' });
    expect(anthropic.status).toBe(413);
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
    // Larger than the /api limit, within the relay's: relayed.
    expect((await post('/v1/chat/completions', chatJson('x'.repeat(6 * 1024)))).status).toBe(200);
  });

  it('answers 400 and 413 in the /api envelope', async () => {
    const nul = await post('/api/user/login', '{"username":"root\\u0000","password":"x"}');
    expect(nul).toEqual({
      status: 400,
      body: { success: false, message: '无效的参数：请求体含有 NUL 字符' },
    });
    const utf8 = await post(
      '/api/user/login',
      Buffer.concat([
        Buffer.from('{"username":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","password":"x"}'),
      ]),
    );
    expect(utf8).toEqual({
      status: 400,
      body: { success: false, message: '无效的参数：请求体不是合法的 UTF-8' },
    });
    const poisoned = await post(
      '/api/user/login',
      '{"__proto__":{"admin":true},"username":"a","password":"b"}',
    );
    expect(poisoned.status).toBe(400);
    const big = await post(
      '/api/user/login',
      JSON.stringify({ username: 'x'.repeat(3 * 1024), password: 'x' }),
    );
    expect(big).toEqual({ status: 413, body: { success: false, message: '请求体过大' } });
  });
});
