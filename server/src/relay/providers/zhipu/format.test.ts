import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HubRequest } from '../../formats/hub.js';
import { zhipuErrorStatus } from './errors.js';
import { unquoteContent, zhipuChatBody, zhipuResponseToHub, ZhipuStreamDecoder } from './format.js';
import { signZhipuToken } from './jwt.js';
import { ZhipuSseDecoder } from './sse-framing.js';

const hub = (over: Partial<HubRequest> = {}): HubRequest => ({
  model: 'chatglm_turbo',
  system: [],
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 0,
  stop: [],
  stream: false,
  ...over,
});

describe('signZhipuToken', () => {
  it('signs {api_key, exp, timestamp} in milliseconds with HS256 and sign_type SIGN', async () => {
    const now = 1_700_000_000_000;
    const token = await signZhipuToken('key-id.s3cret', now);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'HS256',
      sign_type: 'SIGN',
    });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      api_key: 'key-id',
      exp: now + 3_600_000,
      timestamp: now,
    });
    // Recomputed independently: HMAC-SHA256 of `header.payload` with the secret.
    const expected = createHmac('sha256', 's3cret').update(`${header}.${payload}`).digest('base64url');
    expect(signature).toBe(expected);
  });

  it('refuses a key that is not id.secret', async () => {
    await expect(signZhipuToken('no-secret')).rejects.toMatchObject({ code: 'invalid_channel_key' });
  });
});

describe('zhipuChatBody', () => {
  it('gives instructions as an acknowledged first user turn and clamps the sampling values', () => {
    expect(zhipuChatBody(hub({ system: ['be brief'], temperature: 1, topP: 0 }))).toEqual({
      prompt: [
        { role: 'user', content: 'be brief' },
        { role: 'assistant', content: '好的。' },
        { role: 'user', content: 'hi' },
      ],
      incremental: true,
      temperature: 0.99,
      top_p: 0.01,
    });
  });
});

describe('zhipuResponseToHub', () => {
  it('unquotes the content v3 sends as a JSON string literal', () => {
    const res = zhipuResponseToHub({
      code: 200,
      success: true,
      data: {
        task_id: 't1',
        choices: [{ role: 'assistant', content: '"\\"你好\\"\\n再见"' }],
        usage: { prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 },
      },
    });
    expect(res.parts).toEqual([{ type: 'text', text: '"你好"\n再见' }]);
    expect(res.usage).toMatchObject({ promptTokens: 4, completionTokens: 3 });
    expect(unquoteContent('plain')).toBe('plain');
  });
});

describe('Zhipu v3 streams', () => {
  const bytes = (text: string) => Buffer.from(text);

  it('frames events across chunk boundaries and hands the finish meta on as its own event', () => {
    const framing = new ZhipuSseDecoder();
    const events = [
      ...framing.push(bytes('event: add\r')),
      ...framing.push(
        bytes('\nid: 1\r\ndata: 你\r\n\r\nevent: add\nid: 1\ndata: line one\ndata: line two\n\n'),
      ),
      ...framing.push(bytes('event: finish\nid: 1\ndata: 好\nmeta: {"usage":{"prompt_tokens":2,')),
      ...framing.push(bytes('"completion_tokens":5}}\n\n')),
    ];
    expect(events).toEqual([
      { event: 'add', data: '你' },
      { event: 'add', data: 'line one\nline two' },
      { event: 'finish', data: '好' },
      { event: 'meta', data: '{"usage":{"prompt_tokens":2,"completion_tokens":5}}' },
    ]);
    const decoder = new ZhipuStreamDecoder();
    expect(events.flatMap((e) => decoder.push(e))).toEqual([
      { type: 'start', id: '', model: '' },
      { type: 'text', text: '你' },
      { type: 'text', text: 'line one\nline two' },
      { type: 'text', text: '好' },
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: { promptTokens: 2, completionTokens: 5, cachedTokens: 0, cacheCreationTokens: 0 },
      },
    ]);
  });

  it('ends with a failure on error and interrupted events', () => {
    expect(new ZhipuStreamDecoder().push({ event: 'interrupted', data: '服务中断' })).toEqual([
      { type: 'error', message: '服务中断', errorType: 'zhipu_error', status: 500 },
    ]);
  });

  it('maps error codes to statuses', () => {
    expect([1002, 1003, 1113, 1302, 1261, 1120, 500].map(zhipuErrorStatus)).toEqual([
      401, 401, 429, 429, 400, 403, 500,
    ]);
  });
});
