import { describe, expect, it } from 'vitest';
import { jsonOf, testInbound, testTarget } from '../test-fixtures.js';
import type { FollowUp, CompletedExchange, UpstreamRequest } from '../types.js';
import { dashScopeAdapter } from './adapter.js';

const target = testTarget(17, 'wanx-v1', { key: 'sk-ds' });
const json = (body: unknown): CompletedExchange => ({
  status: 200,
  body: Buffer.from(JSON.stringify(body)),
  headers: {},
  contentType: 'application/json',
});

/** Answers each request with the next of `answers`, recording what was asked. */
function scripted(answers: CompletedExchange[]): FollowUp & { sent: UpstreamRequest[] } {
  const sent: UpstreamRequest[] = [];
  return {
    sent,
    signal: new AbortController().signal,
    send: (request) => {
      sent.push(request);
      return Promise.resolve(answers.shift()!);
    },
  };
}

describe('DashScope', () => {
  it('keeps chat on compatible mode and sends embeddings natively', async () => {
    const chat = await dashScopeAdapter.buildRequest(
      testInbound('chat', { model: 'qwen', messages: [] }),
      target,
    );
    expect(chat.url).toBe('http://up/compatible-mode/v1/chat/completions');
    const emb = await dashScopeAdapter.buildRequest(
      testInbound('embeddings', { model: 'e', input: 'hello' }),
      testTarget(17, 'text-embedding-v1'),
    );
    expect(emb.url).toBe('http://up/api/v1/services/embeddings/text-embedding/text-embedding');
    expect(jsonOf(emb.body as string)).toEqual({
      model: 'text-embedding-v1',
      input: { texts: ['hello'] },
      parameters: { text_type: 'query' },
    });
  });

  it('orders embeddings by text_index and bills total_tokens', () => {
    const answer = {
      output: {
        embeddings: [
          { text_index: 1, embedding: [2] },
          { text_index: 0, embedding: [1] },
        ],
      },
      usage: { total_tokens: 5 },
      request_id: 'r',
    };
    const parsed = dashScopeAdapter.parseResponse(
      testInbound('embeddings', { model: 'e', input: ['a', 'b'] }),
      json(answer).body,
      'application/json',
      target,
    );
    expect(parsed.usage).toEqual({ promptTokens: 5, completionTokens: 0 });
    expect((jsonOf(parsed.body).data as Array<{ embedding: number[] }>).map((d) => d.embedding)).toEqual([
      [1],
      [2],
    ]);
  });

  it('submits images as an asynchronous text2image task', async () => {
    const inbound = testInbound('images', {
      model: 'wanx-v1',
      prompt: 'a cat',
      n: 2,
      size: '720x1280',
      negative_prompt: 'dogs',
    });
    const req = await dashScopeAdapter.buildRequest(inbound, target);
    expect(req.url).toBe('http://up/api/v1/services/aigc/text2image/image-synthesis');
    expect(req.headers['x-dashscope-async']).toBe('enable');
    expect(req.headers.authorization).toBe('Bearer sk-ds');
    expect(jsonOf(req.body as string)).toEqual({
      model: 'wanx-v1',
      input: { prompt: 'a cat', negative_prompt: 'dogs' },
      parameters: { size: '720*1280', n: 2 },
    });
  });

  it('looks at the task until it succeeds, then answers URLs in the OpenAI shape', async () => {
    const inbound = testInbound('images', { model: 'wanx-v1', prompt: 'a cat' });
    const followUp = scripted([
      json({ output: { task_id: 't1', task_status: 'RUNNING' } }),
      json({
        output: { task_id: 't1', task_status: 'SUCCEEDED', results: [{ url: 'http://oss/1.png' }] },
        usage: { image_count: 1 },
      }),
    ]);
    const first = json({ output: { task_id: 't1', task_status: 'PENDING' } }).body;
    const done = await dashScopeAdapter.complete!(first, inbound, target, followUp);
    expect(followUp.sent.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ['GET', 'http://up/api/v1/tasks/t1', 'Bearer sk-ds'],
      ['GET', 'http://up/api/v1/tasks/t1', 'Bearer sk-ds'],
    ]);
    const parsed = dashScopeAdapter.parseResponse(inbound, done.body, done.contentType, target);
    expect(jsonOf(parsed.body).data).toEqual([{ url: 'http://oss/1.png' }]);
  });

  it('fetches URL images without the key when the client wants b64_json', async () => {
    const inbound = testInbound('images', { model: 'wanx-v1', prompt: 'a cat', response_format: 'b64_json' });
    const followUp = scripted([
      json({ output: { task_id: 't2', task_status: 'SUCCEEDED', results: [{ url: 'http://oss/2.png' }] } }),
      { status: 200, body: Buffer.from('PNG!'), headers: {}, contentType: 'image/png' },
    ]);
    const done = await dashScopeAdapter.complete!(
      json({ output: { task_id: 't2' } }).body,
      inbound,
      target,
      followUp,
    );
    expect(followUp.sent[1]).toMatchObject({ url: 'http://oss/2.png', headers: {} });
    const parsed = dashScopeAdapter.parseResponse(inbound, done.body, done.contentType, target);
    expect(jsonOf(parsed.body).data).toEqual([{ b64_json: Buffer.from('PNG!').toString('base64') }]);
  });

  it('reports a failed task with its code, and native error bodies', () => {
    const failed = json({
      output: { task_id: 't', task_status: 'FAILED', code: 'DataInspectionFailed', message: 'unsafe prompt' },
    });
    const parsed = dashScopeAdapter.parseResponse(
      testInbound('images', { prompt: 'x' }),
      failed.body,
      'application/json',
      target,
    );
    expect(parsed.error).toEqual({
      message: 'unsafe prompt',
      type: 'DataInspectionFailed',
      code: 'DataInspectionFailed',
      param: null,
    });
    const native = Buffer.from(
      JSON.stringify({ code: 'InvalidApiKey', message: 'Invalid API-key provided.', request_id: 'r' }),
    );
    expect(dashScopeAdapter.parseError(401, native)).toMatchObject({
      message: 'Invalid API-key provided.',
      code: 'InvalidApiKey',
    });
    const compatible = Buffer.from(
      JSON.stringify({
        error: { message: 'bad model', type: 'invalid_request_error', code: 'model_not_found' },
      }),
    );
    expect(dashScopeAdapter.parseError(404, compatible)).toMatchObject({
      message: 'bad model',
      code: 'model_not_found',
    });
  });
});
