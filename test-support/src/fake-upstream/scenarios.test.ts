/** Scenario behaviour over raw HTTP: key-based selection, errors, retries and request recording. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { authorization: 'Bearer sk-a' },
) {
  return fetch(upstream.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function chat(key: string, extra: Record<string, unknown> = {}) {
  return post('/v1/chat/completions', { ...CHAT, ...extra }, { authorization: `Bearer ${key}` });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('scenario selection by key', () => {
  it('finds the key in Authorization, api-key and x-api-key', async () => {
    upstream.scenario('sk-pinned', { content: 'pinned' });
    const variants: Record<string, string>[] = [
      { authorization: 'Bearer sk-pinned' },
      { 'api-key': 'sk-pinned' },
      { 'x-api-key': 'sk-pinned' },
    ];
    for (const headers of variants) {
      const response = await post('/v1/chat/completions', CHAT, headers);
      expect((await response.json()).choices[0].message.content).toBe('pinned');
    }
    expect(upstream.requests.forKey('sk-pinned')).toHaveLength(3);
  });

  it('gives unknown keys the default success and invalid* keys a 401', async () => {
    const ok = await chat('sk-unknown');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json');
    expect(ok.headers.get('x-request-id')).toMatch(/^req_/);

    const denied = await chat('invalid-abcdef123');
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({
      error: {
        message: expect.stringContaining('Incorrect API key provided: inv'),
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('lets a registered scenario override the invalid* rule and the default', async () => {
    upstream.scenario('invalid-but-registered', { content: 'fine' });
    expect((await chat('invalid-but-registered')).status).toBe(200);
    upstream.setDefaultScenario({ content: 'new default' });
    expect((await (await chat('sk-other')).json()).choices[0].message.content).toBe('new default');
    upstream.setDefaultScenario({});
  });

  it('can require a key', async () => {
    const strict = await startFakeUpstream({ requireKey: true });
    try {
      const response = await fetch(`${strict.url}/v1/models`);
      expect(response.status).toBe(401);
      expect((await response.json()).error.message).toContain("You didn't provide an API key");
    } finally {
      await strict.close();
    }
  });
});

describe('errors', () => {
  it('renders an OpenAI error body with defaults for the status', async () => {
    upstream.scenario('sk-500', { error: { status: 500 }, headers: { 'retry-after': '1' } });
    const response = await chat('sk-500');
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({
      error: {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
  });

  it('uses the given message, type and code', async () => {
    upstream.scenario('sk-quota', {
      error: {
        status: 429,
        message: 'You exceeded your current quota',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    });
    const body = await (await chat('sk-quota')).json();
    expect(body.error).toMatchObject({
      message: 'You exceeded your current quota',
      type: 'insufficient_quota',
    });
  });

  it('sends non-JSON and custom JSON bodies verbatim', async () => {
    upstream.scenario('sk-html', { error: { status: 502, body: '<html>Bad Gateway</html>' } });
    const html = await chat('sk-html');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await html.text()).toBe('<html>Bad Gateway</html>');

    upstream.scenario('sk-custom', { error: { status: 400, body: { message: 'bad things' } } });
    expect(await (await chat('sk-custom')).json()).toEqual({ message: 'bad things' });
  });

  it('can embed an error object in a 200 reply', async () => {
    upstream.scenario('sk-200err', {
      error: { status: 200, message: 'hidden failure', type: 'upstream_error' },
    });
    const response = await chat('sk-200err');
    expect(response.status).toBe(200);
    expect((await response.json()).error.message).toBe('hidden failure');
  });

  it('rejects what OpenAI would reject', async () => {
    const noStream = await chat('sk-a', { stream_options: { include_usage: true } });
    expect(noStream.status).toBe(400);
    expect((await noStream.json()).error.param).toBe('stream_options');

    const oSeries = await chat('sk-a', { model: 'o3-mini', max_tokens: 10 });
    expect((await oSeries.json()).error.code).toBe('unsupported_parameter');

    const noModel = await post('/v1/chat/completions', { messages: CHAT.messages });
    expect((await noModel.json()).error.message).toBe('you must provide a model parameter');

    const broken = await fetch(`${upstream.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect((await broken.json()).error.message).toContain('could not parse the JSON body');

    upstream.scenario('sk-lenient', { skipValidation: true });
    expect((await chat('sk-lenient', { model: 'o3-mini', max_tokens: 10 })).status).toBe(200);
  });

  it('answers unknown paths with a 404 in OpenAI shape', async () => {
    const response = await post('/v1/unknown', {});
    expect(response.status).toBe(404);
    expect((await response.json()).error).toEqual({
      message: 'Invalid URL (POST /v1/unknown)',
      type: 'invalid_request_error',
      param: null,
      code: null,
    });
    expect(upstream.requests.last()).toMatchObject({ path: '/v1/unknown', route: undefined });
  });
});

describe('retries and sequences', () => {
  it('fails the first failTimes requests, then succeeds', async () => {
    upstream.scenario('sk-flaky', { failTimes: 2, error: { status: 503 }, content: 'finally' });
    expect((await chat('sk-flaky')).status).toBe(503);
    expect((await chat('sk-flaky')).status).toBe(503);
    const third = await chat('sk-flaky');
    expect(third.status).toBe(200);
    expect((await third.json()).choices[0].message.content).toBe('finally');
  });

  it('defaults failTimes errors to a 500 server_error', async () => {
    upstream.scenario('sk-once', { failTimes: 1 });
    const first = await chat('sk-once');
    expect(first.status).toBe(500);
    expect((await first.json()).error.type).toBe('server_error');
    expect((await chat('sk-once')).status).toBe(200);
  });

  it('serves a sequence in order and keeps the last spec', async () => {
    upstream.scenarioSequence('sk-seq', [
      { error: { status: 429 } },
      { content: 'second' },
      { content: 'rest' },
    ]);
    expect((await chat('sk-seq')).status).toBe(429);
    const contents = [];
    for (let i = 0; i < 3; i += 1)
      contents.push((await (await chat('sk-seq')).json()).choices[0].message.content);
    expect(contents).toEqual(['second', 'rest', 'rest']);
  });
});

describe('request log', () => {
  it('records method, path, query, headers and body, and waits for more', async () => {
    const waiting = upstream.requests.waitFor(2);
    await fetch(`${upstream.url}/v1/dashboard/billing/usage?start_date=2024-01-01&end_date=2024-01-31`, {
      headers: { authorization: 'Bearer sk-log' },
    });
    await chat('sk-log');
    const [usage, chatRequest] = await waiting;
    expect(usage).toMatchObject({
      method: 'GET',
      path: '/v1/dashboard/billing/usage',
      query: { start_date: '2024-01-01', end_date: '2024-01-31' },
      route: 'openai.billing.usage',
    });
    expect(chatRequest.body).toEqual(CHAT);
    expect(chatRequest.headers['content-type']).toBe('application/json');
    expect(chatRequest.time).toBeLessThanOrEqual(Date.now());
    upstream.requests.clear();
    expect(upstream.requests.length).toBe(0);
    await expect(upstream.requests.waitFor(1, 50)).rejects.toThrow('expected 1 requests');
  });
});
