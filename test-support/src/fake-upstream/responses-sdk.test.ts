/**
 * The fake upstream's Responses API seen through the official `openai` SDK: the SDK parses the
 * `response` object and every streamed event, so the wire format is what real clients expect.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;

function client(apiKey = 'sk-default') {
  return new OpenAI({ apiKey, baseURL: `${upstream.url}/v1`, maxRetries: 0 });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('responses', () => {
  it('returns a response object with the pinned usage', async () => {
    upstream.scenario('sk-resp', {
      content: 'Bonjour!',
      usage: { prompt: 12, completion: 7, cached: 4, reasoning: 3 },
    });
    const reply = await client('sk-resp').responses.create({
      model: 'gpt-4.1',
      input: 'Say hello in French',
    });
    expect(reply.id).toMatch(/^resp_/);
    expect(reply.status).toBe('completed');
    expect(reply.output_text).toBe('Bonjour!');
    expect(reply.usage).toEqual({
      input_tokens: 12,
      input_tokens_details: { cached_tokens: 4 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 3 },
      total_tokens: 19,
    });
    expect(upstream.requests.last()).toMatchObject({ path: '/v1/responses', route: 'openai.responses' });
  });

  it('streams text and function-call events, then response.completed with the usage', async () => {
    upstream.scenario('sk-tools', {
      content: 'Let me check.',
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      usage: { prompt: 20, completion: 9 },
    });
    const stream = await client('sk-tools').responses.create({
      model: 'gpt-4.1',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] }],
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object' }, strict: false }],
      stream: true,
    });
    let text = '';
    let args = '';
    const types: string[] = [];
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.function_call_arguments.delta') args += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(text).toBe('Let me check.');
    expect(args).toBe('{"city":"Paris"}');
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(completed?.output.map((o) => o.type)).toEqual(['message', 'function_call']);
    expect(completed?.usage).toMatchObject({ input_tokens: 20, output_tokens: 9, total_tokens: 29 });
  });

  it('ends a stream with an error event when the scenario asks', async () => {
    upstream.scenario('sk-broken', { streamError: { afterEvents: 2, message: 'overloaded' } });
    const res = await fetch(`${upstream.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-broken', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1', input: 'hi', stream: true }),
    });
    const body = await res.text();
    expect(body.match(/^event: /gm)).toHaveLength(3);
    expect(body).toContain('event: error\ndata: {"type":"error"');
    expect(body).toContain('"message":"overloaded"');
  });

  it('refuses chat-only fields the way the Responses API does', async () => {
    const err = await client()
      .responses.create({ model: 'gpt-4.1', input: 'hi', max_tokens: 5 } as never)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('max_tokens');
  });
});
