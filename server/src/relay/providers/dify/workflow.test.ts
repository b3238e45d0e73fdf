import { describe, expect, it } from 'vitest';
import { openAIChat } from '../../formats/openai-chat/index.js';
import type { RuntimeChannel } from '../../routing/runtime-channel.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';
import { difyAppKind, difyBody, difyRequest } from './request.js';
import { parseDifyAnswer } from './response.js';
import { DifyStreamDecoder } from './stream.js';
import { workflowOutputText } from './workflow.js';

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

const target = (other: string): UpstreamTarget => ({
  channel: {
    type: 37,
    key: 'app-key',
    baseUrl: '',
    headers: {},
    paramOverride: null,
    other,
  } as unknown as RuntimeChannel,
  upstreamModel: 'dify',
  includeUsage: false,
  passThrough: false,
  azureApiVersion: '',
});

const hi = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };

describe('Dify app kinds', () => {
  it('reads completion and workflow from other; blank or anything else is a chat app', () => {
    expect(difyAppKind(' Workflow ')).toBe('workflow');
    expect(difyAppKind('completion')).toBe('completion');
    expect(difyAppKind('')).toBe('chat');
    expect(difyAppKind('agent')).toBe('chat');
  });

  it('posts completion apps and workflows their text as inputs.query, each to its own path', () => {
    const hub = { ...openAIChat.requestToHub(hi), stream: true };
    expect(difyBody(hub, 'workflow')).toEqual({
      inputs: { query: 'hi' },
      response_mode: 'streaming',
      user: 'api-user',
    });
    expect(difyRequest(inbound(hi), target('completion')).url).toBe(
      'https://api.dify.ai/v1/completion-messages',
    );
    const run = difyRequest(inbound(hi), target('workflow'));
    expect(run.url).toBe('https://api.dify.ai/v1/workflows/run');
    expect(JSON.parse(String(run.body))).toEqual({
      inputs: { query: 'hi' },
      response_mode: 'blocking',
      user: 'api-user',
    });
    expect(difyRequest(inbound(hi), target('')).url).toBe('https://api.dify.ai/v1/chat-messages');
  });
});

describe('Dify workflow answers', () => {
  it('take outputs.text, else outputs.answer, else the outputs as JSON', () => {
    expect(workflowOutputText({ text: 'a', answer: 'b' })).toBe('a');
    expect(workflowOutputText({ answer: 'b' })).toBe('b');
    expect(workflowOutputText({ city: 'Paris', temp: 21 })).toBe('{"city":"Paris","temp":21}');
    expect(workflowOutputText(null)).toBe('');
  });

  it('turn a blocking run into a chat completion, its total_tokens as completion tokens', () => {
    const run = {
      workflow_run_id: 'r-1',
      task_id: 't',
      data: { status: 'succeeded', outputs: { text: 'Done.' }, total_tokens: 33 },
    };
    const parsed = parseDifyAnswer(inbound(hi), Buffer.from(JSON.stringify(run)), 'application/json');
    expect(parsed.error).toBeUndefined();
    expect(parsed.usage).toEqual({
      promptTokens: 0,
      completionTokens: 33,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(JSON.parse(parsed.body.toString())).toMatchObject({
      id: 'chatcmpl-r-1',
      choices: [{ message: { content: 'Done.' }, finish_reason: 'stop' }],
    });
  });

  it("turn a failed blocking run into an error with Dify's reason", () => {
    const run = {
      workflow_run_id: 'r-2',
      data: { status: 'failed', outputs: null, error: 'LLM node failed', total_tokens: 0 },
    };
    const parsed = parseDifyAnswer(inbound(hi), Buffer.from(JSON.stringify(run)), 'application/json');
    expect(parsed.error).toMatchObject({ message: 'LLM node failed', code: 'workflow_failed' });
  });
});

describe('the Dify stream decoder on workflow streams', () => {
  const data = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
  const decode = (parts: string[]) => {
    const decoder = new DifyStreamDecoder();
    const events: SseEvent[] = [...decoder.push(Buffer.from(parts.join(''))), ...decoder.end()];
    return events;
  };
  const chunks = (events: SseEvent[]) =>
    events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Record<string, unknown>);
  const ids = { task_id: 't', workflow_run_id: 'r-1' };

  it('relays text_chunk text and ends at workflow_finished with its total', () => {
    const events = decode([
      data({ event: 'workflow_started', ...ids, data: {} }),
      data({ event: 'node_started', ...ids, data: {} }),
      data({ event: 'text_chunk', ...ids, data: { text: 'Hel' } }),
      data({ event: 'text_chunk', ...ids, data: { text: 'lo' } }),
      data({
        event: 'workflow_finished',
        ...ids,
        data: { status: 'succeeded', outputs: { text: 'Hello' }, total_tokens: 9 },
      }),
      data({ event: 'text_chunk', ...ids, data: { text: 'late' } }),
    ]);
    const out = chunks(events);
    expect(out[0]).toMatchObject({ id: 'chatcmpl-r-1', choices: [{ delta: { role: 'assistant' } }] });
    expect(out.slice(1).map((c) => (c.choices as Array<unknown>)[0] ?? c.usage)).toEqual([
      expect.objectContaining({ delta: { content: 'Hel' } }),
      expect.objectContaining({ delta: { content: 'lo' } }),
      expect.objectContaining({ finish_reason: 'stop' }),
      { prompt_tokens: 0, completion_tokens: 9, total_tokens: 9 },
    ]);
    expect(events.at(-1)!.data).toBe('[DONE]');
  });

  it('sends the outputs as the text when the workflow streamed no text_chunk', () => {
    const out = chunks(
      decode([
        data({
          event: 'workflow_finished',
          ...ids,
          data: { status: 'succeeded', outputs: { n: 1 }, total_tokens: 2 },
        }),
      ]),
    );
    expect(out.map((c) => (c.choices as Array<{ delta?: unknown }>)[0]?.delta)).toContainEqual({
      content: '{"n":1}',
    });
  });

  it('turns a failed run into an OpenAI error event', () => {
    const out = chunks(
      decode([
        data({
          event: 'workflow_finished',
          ...ids,
          data: { status: 'failed', error: 'boom', total_tokens: 0 },
        }),
      ]),
    );
    expect(out).toEqual([{ error: { message: 'boom', type: 'workflow_failed', code: 'workflow_failed' } }]);
  });

  it('leaves a chatflow stream (events with a message_id) to end at message_end', () => {
    const m = { message_id: 'm-1', conversation_id: 'c' };
    const out = chunks(
      decode([
        data({ event: 'message', ...m, answer: 'Hi' }),
        data({
          event: 'workflow_finished',
          ...m,
          data: { status: 'succeeded', outputs: { answer: 'Hi' }, total_tokens: 5 },
        }),
        data({ event: 'message_end', ...m, metadata: { usage: { prompt_tokens: 3, completion_tokens: 1 } } }),
      ]),
    );
    expect(out.at(-1)).toMatchObject({ usage: { prompt_tokens: 3, completion_tokens: 1 } });
    expect(
      out.filter((c) => (c.choices as Array<{ delta?: { content?: string } }>)[0]?.delta?.content),
    ).toHaveLength(1);
  });
});
