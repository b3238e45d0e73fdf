import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './server.js';

/** The fakes of Baidu, Zhipu and Tencent refuse credentials the way the real APIs do. */
describe('Baidu, Zhipu and Tencent fakes', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${upstream.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, json: (await res.json()) as Record<string, unknown> }));

  it('Baidu: exchanges only a known key and accepts only tokens it issued', async () => {
    const app = upstream.cn.baidu.create();
    const wrong = await post(
      `/oauth/2.0/token?grant_type=client_credentials&client_id=${app.clientId}&client_secret=x`,
      {},
    );
    expect(wrong).toEqual({
      status: 401,
      json: { error: 'invalid_client', error_description: 'Client authentication failed' },
    });
    const grant = await post(
      `/oauth/2.0/token?grant_type=client_credentials&client_id=${app.clientId}&client_secret=${app.clientSecret}`,
      {},
    );
    const token = String(grant.json.access_token);
    const chat = (t: string) =>
      post(`/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions?access_token=${t}`, {
        messages: [{ role: 'user', content: 'hi' }],
      });
    expect((await chat(token)).json).toMatchObject({ result: expect.any(String) });
    // A token one character off (never the same character, or the "forgery" would be the token).
    const forged = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect(await chat(forged)).toEqual({
      status: 200,
      json: { error_code: 110, error_msg: 'Access token invalid or no longer valid' },
    });
  });

  it('Zhipu: checks the JWT signature and expiry with the key secret', async () => {
    const key = upstream.cn.zhipu.create();
    const jwt = (secret: string, exp: number) => {
      const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const head = `${part({ alg: 'HS256', sign_type: 'SIGN' })}.${part({ api_key: key.id, exp, timestamp: Date.now() })}`;
      return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
    };
    const call = (token: string) =>
      post(
        '/api/paas/v3/model-api/chatglm_turbo/invoke',
        { prompt: [{ role: 'user', content: 'hi' }] },
        { authorization: token },
      );
    expect((await call(jwt(key.secret, Date.now() + 60_000))).json).toMatchObject({
      code: 200,
      success: true,
    });
    expect(await call(jwt('other', Date.now() + 60_000))).toMatchObject({
      status: 401,
      json: { code: 1002 },
    });
    expect(await call(jwt(key.secret, Date.now() - 1))).toMatchObject({ status: 401, json: { code: 1003 } });
  });

  it('Tencent: refuses a signature that does not cover the body received', async () => {
    const key = upstream.cn.hunyuan.create();
    const res = await post(
      '/',
      { Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'hi' }] },
      {
        authorization: `TC3-HMAC-SHA256 Credential=${key.secretId}/${new Date().toISOString().slice(0, 10)}/hunyuan/tc3_request, SignedHeaders=content-type;host, Signature=${'0'.repeat(64)}`,
        'x-tc-action': 'ChatCompletions',
        'x-tc-version': '2023-09-01',
        'x-tc-timestamp': String(Math.floor(Date.now() / 1000)),
      },
    );
    expect(res).toMatchObject({
      status: 200,
      json: { Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } },
    });
  });
});
