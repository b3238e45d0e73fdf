/** The Cohere and Dify families: their checks, answers, streams and error shapes. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;

function post(path: string, body: unknown, key = 'k') {
  return fetch(upstream.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('Cohere v1 chat', () => {
  it('answers with billed units and the (larger) template-inclusive token counts', async () => {
    upstream.scenario('co', { content: 'Hi there', usage: { prompt: 10, completion: 2 } });
    const res = await post('/v1/chat', { model: 'command-r', message: 'hi', chat_history: [] }, 'co');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      text: 'Hi there',
      finish_reason: 'COMPLETE',
      meta: {
        billed_units: { input_tokens: 10, output_tokens: 2 },
        tokens: { input_tokens: 78, output_tokens: 2 },
      },
    });
  });

  it('streams newline-delimited JSON, ending with stream-end (ERROR for a stream error)', async () => {
    upstream.scenario('co', { chunks: ['a', 'b'], usage: { prompt: 3, completion: 2 } });
    const res = await post('/v1/chat', { message: 'hi', stream: true }, 'co');
    expect(res.headers.get('content-type')).toBe('application/stream+json');
    const events = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.map((e) => e.event_type)).toEqual([
      'stream-start',
      'text-generation',
      'text-generation',
      'stream-end',
    ]);
    expect(events[3]).toMatchObject({ finish_reason: 'COMPLETE', response: { text: 'ab' } });

    upstream.scenario('co-err', { chunks: ['a', 'b'], streamError: { afterEvents: 2 } });
    const failed = await (await post('/v1/chat', { message: 'hi', stream: true }, 'co-err')).text();
    expect(
      failed
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { finish_reason?: string }).finish_reason),
    ).toEqual([undefined, undefined, 'ERROR']);
  });

  it('answers with tool_calls, and takes tool_results instead of a message', async () => {
    upstream.scenario('co', { toolCalls: [{ name: 'f', arguments: '{"x":1}' }] });
    const res = await post(
      '/v1/chat',
      { message: 'hi', tools: [{ name: 'f', parameter_definitions: {} }] },
      'co',
    );
    expect(await res.json()).toMatchObject({ text: '', tool_calls: [{ name: 'f', parameters: { x: 1 } }] });
    const results = [{ call: { name: 'f', parameters: { x: 1 } }, outputs: [{ y: 2 }] }];
    expect((await post('/v1/chat', { message: '', tool_results: results })).status).toBe(200);
    const badTurn = await post('/v1/chat', { message: 'hi', chat_history: [{ role: 'TOOL', message: 'x' }] });
    expect(await badTurn.json()).toEqual({ message: 'invalid request: TOOL turns need tool_results' });
  });

  it("refuses OpenAI's body, an empty message and bad keys with Cohere's {message}", async () => {
    const openai = await post('/v1/chat', {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      message: 'x',
    });
    expect(openai.status).toBe(400);
    expect(await openai.json()).toEqual({
      message: 'invalid request: unknown field: parameter messages is not a valid field',
    });
    const empty = await post('/v1/chat', { message: '' });
    expect(((await empty.json()) as { message: string }).message).toMatch(/message must be at least 1 token/);
    const bad = await post('/v1/chat', { message: 'hi' }, 'invalid-key');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: 'invalid api token' });
  });
});

describe('Dify chat-messages', () => {
  const ask = { inputs: {}, query: 'hi', response_mode: 'blocking', user: 'u' };

  it('answers blocking calls with metadata.usage', async () => {
    upstream.scenario('app', { content: 'Hello', usage: { prompt: 7, completion: 1 } });
    const res = await post('/v1/chat-messages', ask, 'app');
    expect(await res.json()).toMatchObject({
      event: 'message',
      answer: 'Hello',
      metadata: { usage: { prompt_tokens: 7, completion_tokens: 1, total_tokens: 8, currency: 'USD' } },
    });
  });

  it('streams workflow events, a ping, message chunks and message_end, or an error event', async () => {
    upstream.scenario('app', { chunks: ['a', 'b'] });
    const text = await (
      await post('/v1/chat-messages', { ...ask, response_mode: 'streaming' }, 'app')
    ).text();
    const names = text
      .split('\n\n')
      .filter(Boolean)
      .map((e) => (e.startsWith('data: ') ? (JSON.parse(e.slice(6)) as { event: string }).event : e));
    expect(names).toEqual([
      'workflow_started',
      'node_started',
      'event: ping',
      'message',
      'message',
      'node_finished',
      'message_end',
    ]);
    upstream.scenario('app-err', {
      streamError: { afterEvents: 1, type: 'provider_quota_exceeded', message: 'q' },
    });
    const failed = await (
      await post('/v1/chat-messages', { ...ask, response_mode: 'streaming' }, 'app-err')
    ).text();
    expect(failed).toContain('"event":"error"');
    expect(failed).toContain('"code":"provider_quota_exceeded"');
  });

  it("refuses a missing query or user and bad keys with Dify's {code, message, status}", async () => {
    const noQuery = await post('/v1/chat-messages', { ...ask, query: '' });
    expect(await noQuery.json()).toEqual({
      code: 'invalid_param',
      message: 'query is required',
      status: 400,
    });
    const noUser = await post('/v1/chat-messages', { ...ask, user: undefined });
    expect(noUser.status).toBe(400);
    const bad = await post('/v1/chat-messages', ask, 'invalid-app');
    expect(await bad.json()).toEqual({
      code: 'unauthorized',
      message: 'Access token is invalid',
      status: 401,
    });
  });
});

describe('Dify completion apps and workflows', () => {
  const run = { inputs: { query: 'hi' }, response_mode: 'blocking', user: 'u' };
  const eventNames = (text: string) =>
    text
      .split('\n\n')
      .filter(Boolean)
      .map((e) => (e.startsWith('data: ') ? (JSON.parse(e.slice(6)) as { event: string }).event : e));

  it('answer completion calls from inputs.query like chat apps, streams without workflow events', async () => {
    upstream.scenario('done', { chunks: ['a', 'b'], usage: { prompt: 3, completion: 2 } });
    expect(await (await post('/v1/completion-messages', run, 'done')).json()).toMatchObject({
      event: 'message',
      mode: 'completion',
      answer: 'ab',
      metadata: { usage: { prompt_tokens: 3, completion_tokens: 2 } },
    });
    const text = await (
      await post('/v1/completion-messages', { ...run, response_mode: 'streaming' }, 'done')
    ).text();
    expect(eventNames(text)).toEqual(['event: ping', 'message', 'message', 'message_end']);
    const noQuery = await post('/v1/completion-messages', { ...run, inputs: {} });
    expect(noQuery.status).toBe(400);
  });

  it('run workflows blocking or streamed, reporting only total_tokens', async () => {
    upstream.scenario('wf', { chunks: ['x', 'y'], usage: { prompt: 4, completion: 2 } });
    expect(await (await post('/v1/workflows/run', run, 'wf')).json()).toMatchObject({
      workflow_run_id: expect.any(String),
      data: { status: 'succeeded', outputs: { text: 'xy' }, total_tokens: 6, error: null },
    });
    const text = await (await post('/v1/workflows/run', { ...run, response_mode: 'streaming' }, 'wf')).text();
    expect(eventNames(text)).toEqual([
      'workflow_started',
      'node_started',
      'event: ping',
      'text_chunk',
      'text_chunk',
      'node_finished',
      'workflow_finished',
    ]);
  });

  it('fail a workflow run as a streamError scenario says', async () => {
    upstream.scenario('wf-err', { streamError: { afterEvents: 1, message: 'LLM failed' } });
    expect(await (await post('/v1/workflows/run', run, 'wf-err')).json()).toMatchObject({
      data: { status: 'failed', outputs: null, error: 'LLM failed' },
    });
    const text = await (
      await post('/v1/workflows/run', { ...run, response_mode: 'streaming' }, 'wf-err')
    ).text();
    expect(eventNames(text)).toEqual(['workflow_started', 'workflow_finished']);
    expect(text).toContain('"status":"failed"');
  });
});
