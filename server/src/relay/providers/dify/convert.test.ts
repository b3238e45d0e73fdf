import { describe, expect, it } from 'vitest';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';
import { difyQuery, difyRequest } from './request.js';
import { parseDifyAnswer, parseDifyError } from './response.js';
import { DifyStreamDecoder } from './stream.js';

const inbound = (body: Record<string, unknown>): InboundRequest => ({
  mode: 'chat',
  path: '/v1/chat/completions',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: String(body.model),
  stream: body.stream === true,
  clientWantsUsage: false,
});

const target: UpstreamTarget = {
  channel: {
    type: 37,
    key: 'app-key',
    baseUrl: '',
    headers: {},
    paramOverride: null,
  } as unknown as RuntimeChannel,
  upstreamModel: 'dify',
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
};

describe('Dify requests', () => {
  it('sends a lone user message as the query', () => {
    const hub = openAIChat.requestToHub({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(difyQuery(hub)).toBe('hi');
  });

  it('flattens system and earlier turns into labelled context before the last user message', () => {
    const hub = openAIChat.requestToHub({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Weather?' },
      ],
    });
    expect(difyQuery(hub)).toBe('SYSTEM: Be brief.\n\nUSER: Hi\n\nASSISTANT: Hello!\n\nUSER: Weather?');
  });

  it('posts to {base}/v1/chat-messages with the app key, the response mode and a user', () => {
    const req = difyRequest(
      inbound({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true, user: 'u-7' }),
      target,
    );
    expect(req.url).toBe('https://api.dify.ai/v1/chat-messages');
    expect(req.headers.authorization).toBe('Bearer app-key');
    expect(JSON.parse(String(req.body))).toEqual({
      inputs: {},
      query: 'hi',
      response_mode: 'streaming',
      user: 'u-7',
    });
    const blocking = difyRequest(
      inbound({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      target,
    );
    expect(JSON.parse(String(blocking.body))).toMatchObject({ response_mode: 'blocking', user: 'api-user' });
  });
});

describe('Dify answers and errors', () => {
  it('turn a blocking answer into an OpenAI chat completion with its usage', () => {
    const answer = {
      event: 'message',
      message_id: 'm-1',
      answer: 'Sunny.',
      metadata: { usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24, total_price: '0.1' } },
    };
    const parsed = parseDifyAnswer(
      inbound({ model: 'app' }),
      Buffer.from(JSON.stringify(answer)),
      'application/json',
    );
    expect(parsed.usage).toEqual({
      promptTokens: 20,
      completionTokens: 4,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(JSON.parse(parsed.body.toString())).toMatchObject({
      id: 'chatcmpl-m-1',
      model: 'app',
      choices: [{ message: { content: 'Sunny.' }, finish_reason: 'stop' }],
    });
  });

  it('keep the Dify error code and message', () => {
    const body = Buffer.from('{"code":"app_unavailable","message":"App unavailable","status":400}');
    expect(parseDifyError(400, body)).toEqual({
      message: 'App unavailable',
      type: 'upstream_error',
      code: 'app_unavailable',
      param: null,
    });
    expect(parseDifyError(502, Buffer.from('<html>'))).toMatchObject({
      message: 'bad response status code 502',
    });
  });
});

describe('the Dify stream decoder', () => {
  const data = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
  const chunks = (events: SseEvent[]) =>
    events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Record<string, unknown>);

  it('relays answer chunks, skips workflow noise and pings, and ends with the usage of message_end', () => {
    const body = [
      data({ event: 'workflow_started', workflow_run_id: 'w' }),
      'event: ping\n\n',
      data({ event: 'message', message_id: 'm-1', answer: 'Hel' }),
      data({ event: 'agent_thought', thought: 'Hello' }),
      data({ event: 'agent_message', message_id: 'm-1', answer: 'lo' }),
      data({ event: 'message_end', metadata: { usage: { prompt_tokens: 5, completion_tokens: 2 } } }),
    ].join('');
    const decoder = new DifyStreamDecoder();
    const events = [...decoder.push(Buffer.from(body)), ...decoder.end()];
    const out = chunks(events);
    expect(out[0]).toMatchObject({ id: 'chatcmpl-m-1', choices: [{ delta: { role: 'assistant' } }] });
    expect(out.slice(1).map((c) => (c.choices as Array<unknown>)[0] ?? c.usage)).toEqual([
      expect.objectContaining({ delta: { content: 'Hel' } }),
      expect.objectContaining({ delta: { content: 'lo' } }),
      expect.objectContaining({ finish_reason: 'stop' }),
      { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    ]);
    expect(events.at(-1)!.data).toBe('[DONE]');
  });

  it('turns an error event into an OpenAI error event', () => {
    const decoder = new DifyStreamDecoder();
    const out = chunks(
      decoder.push(
        Buffer.from(data({ event: 'error', status: 400, code: 'provider_quota_exceeded', message: 'quota' })),
      ),
    );
    expect(out).toEqual([
      { error: { message: 'quota', type: 'provider_quota_exceeded', code: 'provider_quota_exceeded' } },
    ]);
  });
});
