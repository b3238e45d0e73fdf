import { describe, expect, it } from 'vitest';
import type { HubRequest } from '../../formats/hub.js';
import { baiduEndpoint } from './endpoints.js';
import { baiduErrorStatus } from './errors.js';
import { BaiduStreamDecoder, baiduChatBody, baiduResponseToHub } from './format.js';

const hub = (over: Partial<HubRequest> = {}): HubRequest => ({
  model: 'ERNIE-4.0-8K',
  system: [],
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 0,
  stop: [],
  stream: false,
  ...over,
});

describe('baiduChatBody', () => {
  it('puts instructions in `system` and keeps only the fields ERNIE knows, in its ranges', () => {
    expect(
      baiduChatBody(
        hub({
          system: ['be brief', 'in Chinese'],
          temperature: 0,
          topP: 1.5,
          maxTokens: 100,
          stop: ['\n\n'],
          user: 'u-1',
          stream: true,
        }),
      ),
    ).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      system: 'be brief\nin Chinese',
      temperature: 0.01,
      top_p: 1,
      max_output_tokens: 100,
      stop: ['\n\n'],
      user_id: 'u-1',
    });
  });
});

describe('baiduResponseToHub', () => {
  it('reads the result and usage; is_truncated means the length limit', () => {
    expect(
      baiduResponseToHub({
        id: 'as-1',
        result: '你好',
        is_truncated: true,
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      }),
    ).toEqual({
      id: 'as-1',
      model: '',
      parts: [{ type: 'text', text: '你好' }],
      finish: 'length',
      usage: { promptTokens: 3, completionTokens: 2, cachedTokens: 0, cacheCreationTokens: 0 },
    });
  });
});

describe('BaiduStreamDecoder', () => {
  it('turns result events into text, the running usage into usage, is_end into the finish', () => {
    const decoder = new BaiduStreamDecoder();
    const usage = (completion: number) => ({
      prompt_tokens: 3,
      completion_tokens: completion,
      total_tokens: 3 + completion,
    });
    const first = decoder.push({
      event: 'message',
      data: JSON.stringify({ id: 'as-1', result: '你', is_end: false, usage: usage(0) }),
    });
    const last = decoder.push({
      event: 'message',
      data: JSON.stringify({ id: 'as-1', result: '好', is_end: true, usage: usage(2) }),
    });
    expect(first).toEqual([
      { type: 'start', id: 'as-1', model: '' },
      { type: 'text', text: '你' },
      {
        type: 'usage',
        usage: { promptTokens: 3, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 },
      },
    ]);
    expect(last).toEqual([
      { type: 'text', text: '好' },
      {
        type: 'usage',
        usage: { promptTokens: 3, completionTokens: 2, cachedTokens: 0, cacheCreationTokens: 0 },
      },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reports an error event with the status its code stands for', () => {
    const events = new BaiduStreamDecoder().push({
      event: 'message',
      data: JSON.stringify({ error_code: 18, error_msg: 'Open api qps request limit reached' }),
    });
    expect(events).toEqual([
      { type: 'error', message: 'Open api qps request limit reached', errorType: 'baidu_error', status: 429 },
    ]);
  });
});

describe('Baidu model endpoints and error codes', () => {
  it('maps public model names to their endpoints, unknown ones to their lowercased name', () => {
    expect(baiduEndpoint('ERNIE-4.0-8K')).toBe('completions_pro');
    expect(baiduEndpoint('ERNIE-3.5-8K')).toBe('completions');
    expect(baiduEndpoint('ERNIE-Speed-8K')).toBe('ernie_speed');
    expect(baiduEndpoint('ERNIE-Lite-8K')).toBe('ernie-lite-8k');
    expect(baiduEndpoint('ERNIE-4.0-Turbo-8K')).toBe('ernie-4.0-turbo-8k');
    expect(baiduEndpoint('bge-large-zh')).toBe('bge_large_zh');
  });

  it('gives token errors 401, limits 429, request errors 400, internal ones 500', () => {
    expect([110, 111, 6, 18, 336501, 336003, 336100, 1].map(baiduErrorStatus)).toEqual([
      401, 401, 403, 429, 429, 400, 500, 500,
    ]);
  });
});
