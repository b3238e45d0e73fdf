import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HubRequest } from '../../formats/hub.js';
import { tencentErrorStatus } from './errors.js';
import { HunyuanStreamDecoder, hunyuanChatBody, hunyuanResponseToHub } from './format.js';
import { tc3Headers } from './tc3.js';

describe('tc3Headers', () => {
  it('signs as Tencent Cloud API 3.0 specifies, recomputed step by step', () => {
    const payload = '{"Model":"hunyuan-lite","Messages":[{"Role":"user","Content":"hi"}],"Stream":false}';
    const headers = tc3Headers({
      secretId: 'AKIDEXAMPLE',
      secretKey: 'SECRETEXAMPLE',
      service: 'hunyuan',
      host: 'hunyuan.tencentcloudapi.com',
      action: 'ChatCompletions',
      version: '2023-09-01',
      timestamp: 1_700_000_000, // 2023-11-14T22:13:20Z
      contentType: 'application/json; charset=utf-8',
      payload,
    });
    // 1. Canonical request: method, URI, query, headers (lower-cased values), signed names, body hash.
    const canonical =
      'POST\n/\n\n' +
      'content-type:application/json; charset=utf-8\nhost:hunyuan.tencentcloudapi.com\nx-tc-action:chatcompletions\n\n' +
      'content-type;host;x-tc-action\n' +
      createHash('sha256').update(payload).digest('hex');
    // 2. String to sign with the credential scope of the timestamp's UTC day.
    const toSign = `TC3-HMAC-SHA256\n1700000000\n2023-11-14/hunyuan/tc3_request\n${createHash('sha256').update(canonical).digest('hex')}`;
    // 3. The signing key: TC3 + SecretKey, then the date, the service and tc3_request.
    const kDate = createHmac('sha256', 'TC3SECRETEXAMPLE').update('2023-11-14').digest();
    const kService = createHmac('sha256', kDate).update('hunyuan').digest();
    const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
    const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
    expect(headers).toEqual({
      authorization: `TC3-HMAC-SHA256 Credential=AKIDEXAMPLE/2023-11-14/hunyuan/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`,
      'content-type': 'application/json; charset=utf-8',
      host: 'hunyuan.tencentcloudapi.com',
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': '2023-09-01',
      'x-tc-timestamp': '1700000000',
    });
  });
});

describe('Hunyuan chat format', () => {
  const hub = (over: Partial<HubRequest> = {}): HubRequest => ({
    model: 'hunyuan-lite',
    system: ['be brief'],
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
    tools: [],
    maxTokens: 0,
    stop: [],
    stream: true,
    temperature: 3,
    ...over,
  });

  it('writes Messages with system turns first and sampling values in range', () => {
    expect(hunyuanChatBody(hub())).toEqual({
      Model: 'hunyuan-lite',
      Messages: [
        { Role: 'system', Content: 'be brief' },
        { Role: 'user', Content: 'hi' },
      ],
      Stream: true,
      Temperature: 2,
    });
  });

  it('reads the answer, the stream chunks and Tencent errors', () => {
    expect(
      hunyuanResponseToHub({
        Response: {
          Id: 'r1',
          Choices: [{ Message: { Role: 'assistant', Content: '你好' }, FinishReason: 'length' }],
          Usage: { PromptTokens: 3, CompletionTokens: 2, TotalTokens: 5 },
        },
      }),
    ).toMatchObject({
      id: 'r1',
      parts: [{ type: 'text', text: '你好' }],
      finish: 'length',
      usage: { promptTokens: 3, completionTokens: 2 },
    });
    const decoder = new HunyuanStreamDecoder();
    const chunk = (content: string, finish: string, completion: number) => ({
      event: 'message',
      data: JSON.stringify({
        Id: 'r1',
        Choices: [{ Delta: { Role: 'assistant', Content: content }, FinishReason: finish }],
        Usage: { PromptTokens: 3, CompletionTokens: completion, TotalTokens: 3 + completion },
      }),
    });
    expect([...decoder.push(chunk('你', '', 0)), ...decoder.push(chunk('好', 'stop', 2))]).toEqual([
      { type: 'start', id: 'r1', model: '' },
      { type: 'text', text: '你' },
      {
        type: 'usage',
        usage: { promptTokens: 3, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 },
      },
      { type: 'text', text: '好' },
      {
        type: 'usage',
        usage: { promptTokens: 3, completionTokens: 2, cachedTokens: 0, cacheCreationTokens: 0 },
      },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(
      new HunyuanStreamDecoder().push({
        event: 'message',
        data: JSON.stringify({ Response: { Error: { Code: 'LimitExceeded', Message: 'slow down' } } }),
      }),
    ).toEqual([{ type: 'error', message: 'slow down', errorType: 'tencent_error', status: 429 }]);
  });

  it('maps error codes to statuses', () => {
    expect(
      [
        'AuthFailure.SignatureFailure',
        'LimitExceeded',
        'InvalidParameterValue.Model',
        'ResourceUnavailable.InArrears',
        'InternalError',
      ].map(tencentErrorStatus),
    ).toEqual([401, 429, 400, 403, 500]);
  });
});
