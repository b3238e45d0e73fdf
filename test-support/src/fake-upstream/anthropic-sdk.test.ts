/** The Anthropic family, checked with the official SDK (what real clients parse). */
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSse, readStream, startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;
const sdk = (apiKey = 'sk-ant-test') => new Anthropic({ apiKey, baseURL: upstream.url, maxRetries: 0 });
const ASK = {
  model: 'claude-haiku-4-5',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'hi' }],
};

function post(body: unknown, headers: Record<string, string>) {
  return fetch(`${upstream.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('Anthropic messages', () => {
  it('answers a message with the pinned usage, cache reads and writes apart', async () => {
    upstream.scenario('sk-ant-test', {
      content: 'Hello from Claude',
      usage: { prompt: 12, completion: 5, cached: 100, cacheCreation: 40 },
    });
    const message = await sdk().messages.create(ASK);
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from Claude' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toEqual({
      input_tokens: 12,
      output_tokens: 5,
      cache_read_input_tokens: 100,
      cache_creation_input_tokens: 40,
    });
    const seen = upstream.requests.last()!;
    expect(seen.route).toBe('anthropic.messages');
    expect(seen.key).toBe('sk-ant-test');
    expect(seen.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('streams thinking, text and a tool call in Anthropic framing', async () => {
    upstream.scenario('sk-ant-test', {
      reasoningContent: 'let me think',
      content: 'Calling the tool',
      toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}', id: 'toolu_1' }],
      usage: { prompt: 30, completion: 9 },
    });
    const stream = sdk().messages.stream({ ...ASK, max_tokens: 2000 });
    const message = await stream.finalMessage();
    expect(message.content).toEqual(
      [
        { type: 'thinking', thinking: 'let me think', signature: expect.stringMatching(/^sig_/) },
        { type: 'text', text: 'Calling the tool', citations: null },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' }, caller: undefined },
      ].map((b) =>
        expect.objectContaining(
          Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined && v !== null)),
        ),
      ),
    );
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 30, output_tokens: 9 });
  });

  it('sends message_start, ping, block events, message_delta and message_stop in order', async () => {
    upstream.scenario('sk-raw', { chunks: ['a', 'b'], usage: { prompt: 3, completion: 2 } });
    const res = await post(
      { ...ASK, stream: true },
      { 'x-api-key': 'sk-raw', 'anthropic-version': '2023-06-01' },
    );
    const events = parseSse((await readStream(res)).text);
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(JSON.parse(events[0]!.data).message.usage).toMatchObject({ input_tokens: 3, output_tokens: 1 });
    expect(JSON.parse(events[6]!.data).usage).toEqual({ output_tokens: 2 });
  });
});

describe('Anthropic errors', () => {
  it('rejects a wrong key, a missing key and a missing anthropic-version like the API', async () => {
    const err = await sdk('invalid-key')
      .messages.create(ASK)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((err as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    const keyless = await post(ASK, { 'anthropic-version': '2023-06-01' });
    expect([keyless.status, (await keyless.json()).error.message]).toEqual([
      401,
      'x-api-key header is required',
    ]);
    const bearer = await post(ASK, { authorization: 'Bearer sk-x', 'anthropic-version': '2023-06-01' });
    expect(bearer.status).toBe(200);
    const noVersion = await post(ASK, { 'x-api-key': 'sk-x' });
    expect([noVersion.status, (await noVersion.json()).error]).toEqual([
      400,
      { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    ]);
  });

  it('renders errors by status and type, and refuses orphaned tool calls', async () => {
    upstream.scenario('sk-busy', { error: { status: 529 } });
    const busy = await sdk('sk-busy')
      .messages.create(ASK)
      .catch((e: unknown) => e);
    expect((busy as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
    expect((busy as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const orphan = await post(
      {
        ...ASK,
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'f', input: {} }] },
          { role: 'user', content: 'no result' },
        ],
      },
      { 'x-api-key': 'sk-x', 'anthropic-version': '2023-06-01' },
    );
    expect(orphan.status).toBe(400);
    expect((await orphan.json()).error.message).toContain('toolu_9');
  });

  it('ends a stream with an error event when asked', async () => {
    upstream.scenario('sk-ant-test', { streamError: { afterEvents: 1, message: 'Overloaded' } });
    const stream = sdk().messages.stream(ASK);
    const err = await stream.finalMessage().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect(String((err as Error).message)).toContain('overloaded_error');
  });
});
