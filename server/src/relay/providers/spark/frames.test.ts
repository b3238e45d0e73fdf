import { describe, expect, it } from 'vitest';
import type { InboundRequest } from '../types.js';
import { parseSparkAnswer } from './answer.js';
import { parseSparkError } from './frames.js';
import { SparkFrameDecoder } from './stream.js';

const frame = (status: number, content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    header: { code: 0, message: 'Success', sid: 'cht1', status },
    payload: { choices: { status, seq: 0, text: [{ content, role: 'assistant', index: 0, ...extra }] } },
  });
const last = (content: string, usage = { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 }) =>
  JSON.stringify({
    header: { code: 0, message: 'Success', sid: 'cht1', status: 2 },
    payload: {
      choices: { status: 2, seq: 2, text: [{ content, role: 'assistant', index: 0 }] },
      usage: { text: usage },
    },
  });
const errorFrame = JSON.stringify({
  header: { code: 10013, message: '输入内容审核不通过', sid: 'cht1', status: 2 },
});

const inbound = { model: 'SparkDesk-v3.5', mode: 'chat' } as InboundRequest;
const chunks = (events: Array<{ data: string }>) =>
  events.map((e) => JSON.parse(e.data) as Record<string, unknown>);

describe('Spark frames as OpenAI chunks', () => {
  it('turns content frames into deltas and the last frame into finish and usage chunks', () => {
    const decoder = new SparkFrameDecoder('SparkDesk-v3.5');
    // A frame split across pushes is joined first.
    const text = `${frame(0, 'Hel')}\n${frame(1, 'lo')}\n${last(' you')}\n`;
    const events = [
      ...decoder.push(Buffer.from(text.slice(0, 30))),
      ...decoder.push(Buffer.from(text.slice(30))),
      ...decoder.end(),
    ];
    const out = chunks(events);
    expect(out.map((c) => c.choices)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: 'Hel' }, finish_reason: null }],
      [{ index: 0, delta: { content: 'lo' }, finish_reason: null }],
      [{ index: 0, delta: { content: ' you' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'stop' }],
      [],
    ]);
    expect(out[4]!.usage).toEqual({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
    expect(out[0]).toMatchObject({
      id: 'chatcmpl-cht1',
      object: 'chat.completion.chunk',
      model: 'SparkDesk-v3.5',
    });
  });

  it('turns a function call into a tool call finishing with tool_calls', () => {
    const decoder = new SparkFrameDecoder('m');
    const call = JSON.stringify({
      header: { code: 0, sid: 's9', status: 2 },
      payload: {
        choices: {
          status: 2,
          text: [
            { content: '', role: 'assistant', function_call: { name: 'weather', arguments: '{"city":"x"}' } },
          ],
        },
      },
    });
    const out = chunks(decoder.push(Buffer.from(`${call}\n`)));
    expect(out.map((c) => c.choices)).toEqual([
      [
        {
          index: 0,
          delta: {
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: 'call_s9',
                type: 'function',
                function: { name: 'weather', arguments: '{"city":"x"}' },
              },
            ],
          },
          finish_reason: null,
        },
      ],
      [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
    ]);
  });

  it('turns an error frame into an OpenAI error event', () => {
    const out = chunks(new SparkFrameDecoder('m').push(Buffer.from(`${errorFrame}\n`)));
    expect(out).toEqual([
      { error: { message: '输入内容审核不通过', type: 'invalid_request_error', code: '10013', param: null } },
    ]);
  });
});

describe('Spark answers joined for non-streamed clients', () => {
  it('joins the content and takes the usage of the last frame', () => {
    const parsed = parseSparkAnswer(inbound, Buffer.from(`${frame(0, 'Hel')}\n${last('lo')}\n`));
    expect(parsed.error).toBeUndefined();
    expect(JSON.parse(parsed.body.toString())).toMatchObject({
      object: 'chat.completion',
      model: 'SparkDesk-v3.5',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
    });
    expect(parsed.usage).toMatchObject({ promptTokens: 7, completionTokens: 3 });
    expect(parsed.text()).toBe('Hello');
  });

  it('reports an error frame as an error', () => {
    const parsed = parseSparkAnswer(inbound, Buffer.from(`${frame(0, 'a')}\n${errorFrame}\n`));
    expect(parsed.error).toMatchObject({ code: '10013', type: 'invalid_request_error' });
  });
});

describe('Spark error answers', () => {
  it('reads an error frame and a refused handshake', () => {
    expect(
      parseSparkError(403, Buffer.from(JSON.stringify({ header: { code: 11200, message: '授权错误' } }))),
    ).toEqual({
      message: '授权错误',
      type: 'permission_error',
      code: '11200',
      param: null,
    });
    expect(
      parseSparkError(401, Buffer.from('{"message":"HMAC signature cannot be verified"}')),
    ).toMatchObject({
      message: 'HMAC signature cannot be verified',
    });
  });
});
