import { describe, expect, it } from 'vitest';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';
import { cohereChatBody, cohereRequest } from './request.js';
import { parseCohereAnswer } from './response.js';
import { CohereStreamDecoder } from './stream.js';

const inbound = (body: Record<string, unknown>, over: Partial<InboundRequest> = {}): InboundRequest => ({
  mode: 'chat',
  path: '/v1/chat/completions',
  query: '',
  body,
  raw: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
  model: String(body.model),
  stream: body.stream === true,
  clientWantsUsage: false,
  ...over,
});

const target = (channel: Partial<RuntimeChannel> = {}): UpstreamTarget => ({
  channel: {
    type: 34,
    key: 'co-key',
    baseUrl: '',
    headers: {},
    paramOverride: null,
    ...channel,
  } as RuntimeChannel,
  upstreamModel: 'command-r-plus',
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
});

describe('Cohere chat requests', () => {
  it('sends system as preamble, the last user turn as message and earlier turns as chat_history', () => {
    const hub = openAIChat.requestToHub({
      model: 'cmd',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] },
      ],
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 50,
      stop: ['END'],
    });
    expect(cohereChatBody({ ...hub, stream: true }, 'command-r')).toEqual({
      model: 'command-r',
      message: 'Capital of France?',
      chat_history: [
        { role: 'USER', message: 'Hi' },
        { role: 'CHATBOT', message: 'Hello!' },
      ],
      preamble: 'Be brief.',
      temperature: 0.3,
      p: 0.9,
      max_tokens: 50,
      stop_sequences: ['END'],
      stream: true,
    });
  });

  it('posts to {base}/v1/chat with the Bearer key, the mapped model and param_override', () => {
    const req = cohereRequest(
      inbound({ model: 'alias', messages: [{ role: 'user', content: 'hi' }] }),
      target({ paramOverride: { temperature: 0.1 }, headers: { 'X-Extra': 'y' } }),
    );
    expect(req.url).toBe('https://api.cohere.ai/v1/chat');
    expect(req.headers).toMatchObject({ authorization: 'Bearer co-key', 'x-extra': 'y' });
    expect(JSON.parse(String(req.body))).toEqual({
      model: 'command-r-plus',
      message: 'hi',
      temperature: 0.1,
    });
  });

  it('posts rerank to {base}/v1/rerank with only the fields Cohere knows', () => {
    const body = {
      model: 'alias',
      query: 'q',
      documents: ['a', 'b'],
      top_n: 1,
      return_documents: true,
      foo: 1,
    };
    const req = cohereRequest(
      inbound(body, { mode: 'rerank', path: '/v1/rerank' }),
      target({ baseUrl: 'http://x' }),
    );
    expect(req.url).toBe('http://x/v1/rerank');
    expect(JSON.parse(String(req.body))).toEqual({
      model: 'command-r-plus',
      query: 'q',
      documents: ['a', 'b'],
      top_n: 1,
      return_documents: true,
    });
  });
});

describe('Cohere answers', () => {
  const answer = {
    response_id: 'r-1',
    generation_id: 'g-1',
    text: 'Paris.',
    finish_reason: 'MAX_TOKENS',
    meta: {
      billed_units: { input_tokens: 12, output_tokens: 3 },
      tokens: { input_tokens: 80, output_tokens: 3 },
    },
  };

  it('become OpenAI chat completions billed by the billed units', () => {
    const parsed = parseCohereAnswer(
      inbound({ model: 'cmd' }),
      Buffer.from(JSON.stringify(answer)),
      'application/json',
    );
    expect(parsed.usage).toEqual({
      promptTokens: 12,
      completionTokens: 3,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(JSON.parse(parsed.body.toString())).toMatchObject({
      id: 'chatcmpl-r-1',
      object: 'chat.completion',
      model: 'cmd',
      choices: [{ message: { role: 'assistant', content: 'Paris.' }, finish_reason: 'length' }],
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
    });
    expect(parsed.text()).toBe('Paris.');
  });

  it('fall back to meta.tokens without billed units, and fail on finish_reason ERROR', () => {
    const unbilled = { ...answer, meta: { tokens: { input_tokens: 9, output_tokens: 2 } } };
    const parsed = parseCohereAnswer(inbound({ model: 'cmd' }), Buffer.from(JSON.stringify(unbilled)), '');
    expect(parsed.usage).toMatchObject({ promptTokens: 9, completionTokens: 2 });
    const failed = parseCohereAnswer(
      inbound({ model: 'cmd' }),
      Buffer.from(JSON.stringify({ ...answer, finish_reason: 'ERROR' })),
      '',
    );
    expect(failed.error).toMatchObject({ code: 'ERROR' });
  });

  it('pass rerank answers through, billed by search units', () => {
    const rerank = {
      id: 'x',
      results: [{ index: 1, relevance_score: 0.9 }],
      meta: { billed_units: { search_units: 2 } },
    };
    const body = Buffer.from(JSON.stringify(rerank));
    const parsed = parseCohereAnswer(inbound({ model: 'rr' }, { mode: 'rerank' }), body, 'application/json');
    expect(parsed.body).toBe(body);
    expect(parsed.usage).toEqual({ promptTokens: 2, completionTokens: 0 });
  });
});

describe('the Cohere NDJSON stream decoder', () => {
  const lines = [
    { is_finished: false, event_type: 'stream-start', generation_id: 'g-1' },
    { is_finished: false, event_type: 'search-queries-generation', search_queries: [] },
    { is_finished: false, event_type: 'text-generation', text: 'Hel' },
    { is_finished: false, event_type: 'text-generation', text: 'lo' },
    {
      is_finished: true,
      event_type: 'stream-end',
      finish_reason: 'COMPLETE',
      response: { text: 'Hello', meta: { billed_units: { input_tokens: 7, output_tokens: 2 } } },
    },
  ];
  const ndjson = Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const chunks = (events: SseEvent[]) =>
    events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Record<string, unknown>);

  it('yields OpenAI chat chunks with the finish reason and a usage chunk, whatever the byte boundaries', () => {
    const decoder = new CohereStreamDecoder();
    const events: SseEvent[] = [];
    for (let i = 0; i < ndjson.length; i += 7) events.push(...decoder.push(ndjson.subarray(i, i + 7)));
    events.push(...decoder.end());
    const out = chunks(events);
    expect(
      out.map((c) => (c.choices as Array<{ delta: unknown; finish_reason: unknown }>)[0] ?? c.usage),
    ).toEqual([
      expect.objectContaining({ delta: { role: 'assistant', content: '' } }),
      expect.objectContaining({ delta: { content: 'Hel' } }),
      expect.objectContaining({ delta: { content: 'lo' } }),
      expect.objectContaining({ delta: {}, finish_reason: 'stop' }),
      { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
    ]);
    expect(events.at(-1)!.data).toBe('[DONE]');
  });

  it('turns a stream-end with finish_reason ERROR into an error event, and throws on a corrupt line', () => {
    const decoder = new CohereStreamDecoder();
    const [error] = chunks(
      decoder.push(Buffer.from('{"event_type":"stream-end","finish_reason":"ERROR"}\n')),
    );
    expect(error).toMatchObject({ error: { type: 'ERROR' } });
    expect(() => new CohereStreamDecoder().push(Buffer.from('{"event_type": oops}\n'))).toThrow();
  });
});
