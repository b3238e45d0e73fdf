/** The fake Spark checks Xunfei's signed handshake for real and answers in Spark's frames. */
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

/** A handshake URL signed the way Xunfei documents it. */
function signedPath(apiKey: string, secret: string, path: string, date = new Date().toUTCString()) {
  const host = new URL(upstream.url).host;
  const signature = createHmac('sha256', secret)
    .update(`host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`)
    .digest('base64');
  const authorization = Buffer.from(
    `api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
  ).toString('base64');
  return `${path}?${new URLSearchParams({ authorization, date, host }).toString()}`;
}

/** The HTTP answer to an upgrade request the fake refuses. */
function refusal(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${upstream.url}${path}`, {
      // The refusal ends the connection: no keep-alive reuse.
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('upgrade', () => reject(new Error('the handshake was accepted')));
    req.on('error', reject);
    req.end();
  });
}

interface SparkAnswerFrame {
  header: { code: number; status: number };
  payload: { choices: { text: Array<{ content: string }> }; usage?: { text: Record<string, number> } };
}

/** Opens the socket, sends one frame and collects the answer frames until the server closes. */
function converse(path: string, frame: unknown): Promise<SparkAnswerFrame[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${upstream.url.replace('http', 'ws')}${path}`);
    const frames: SparkAnswerFrame[] = [];
    ws.addEventListener('open', () => ws.send(JSON.stringify(frame)));
    ws.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data)) as SparkAnswerFrame));
    ws.addEventListener('close', () => resolve(frames));
    ws.addEventListener('error', () => reject(new Error('socket failed')));
  });
}

const question = (appId: string, domain = 'generalv2') => ({
  header: { app_id: appId },
  parameter: { chat: { domain } },
  payload: { message: { text: [{ role: 'user', content: 'hi' }] } },
});

describe('the fake Spark', () => {
  it('answers in frames, the last with status 2 and the usage', async () => {
    const app = upstream.spark.create();
    upstream.scenario(app.apiKey, { chunks: ['a', 'b'], usage: { prompt: 5, completion: 2 } });
    const frames = await converse(signedPath(app.apiKey, app.apiSecret, '/v2.1/chat'), question(app.appId));
    expect(frames.map((f) => [f.header.status, f.payload.choices.text[0].content])).toEqual([
      [0, 'a'],
      [2, 'b'],
    ]);
    expect(frames[1]!.payload.usage?.text).toMatchObject({
      prompt_tokens: 5,
      completion_tokens: 2,
      total_tokens: 7,
    });
    expect(upstream.requests.last()).toMatchObject({
      route: 'spark.chat',
      key: app.apiKey,
      body: question(app.appId),
    });
  });

  it('refuses a wrong signature and a stale date', async () => {
    const app = upstream.spark.create();
    const wrong = await refusal(signedPath(app.apiKey, 'not-the-secret', '/v2.1/chat'));
    expect(wrong).toEqual({ status: 401, body: '{"message":"HMAC signature cannot be verified"}' });
    const stale = new Date(Date.now() - 10 * 60_000).toUTCString();
    const old = await refusal(signedPath(app.apiKey, app.apiSecret, '/v2.1/chat', stale));
    expect(old.status).toBe(401);
    expect(old.body).toContain('a valid date or x-date header is required');
  });

  it('answers a wrong domain or app id with an error frame', async () => {
    const app = upstream.spark.create();
    const path = signedPath(app.apiKey, app.apiSecret, '/v3.5/chat');
    expect((await converse(path, question(app.appId)))[0]!.header).toMatchObject({ code: 10404, status: 2 });
    const other = upstream.spark.create();
    const path2 = signedPath(app.apiKey, app.apiSecret, '/v2.1/chat');
    expect((await converse(path2, question(other.appId)))[0]!.header).toMatchObject({ code: 10313 });
  });
});
