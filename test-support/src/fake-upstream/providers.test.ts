/** The OpenAI family under other providers' URLs, plus balances, rerank and the multipart parser. */
import type OpenAI from 'openai';
import { AzureOpenAI } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sseJson, startFakeUpstream, type FakeUpstream } from './index.js';
import { multipartBoundary, parseMultipart } from './multipart.js';

let upstream: FakeUpstream;

const CHAT = { model: 'glm-4', messages: [{ role: 'user', content: 'hi' }] };

function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(upstream.url + path, {
    method,
    headers: { authorization: 'Bearer sk-p', 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('Azure deployment URLs', () => {
  const path = '/openai/deployments/gpt-4o/chat/completions?api-version=2024-12-01-preview';

  it('serves chat with the api-key header and records the deployment', async () => {
    upstream.scenario('azure-key', { content: 'from azure' });
    const response = await request(
      'POST',
      path,
      { messages: CHAT.messages },
      { authorization: '', 'api-key': 'azure-key' },
    );
    const body = await response.json();
    expect(body.choices[0].message.content).toBe('from azure');
    expect(body.model).toBe('gpt-4o'); // no model in the body: the deployment name
    expect(upstream.requests.last()).toMatchObject({
      route: 'azure.chat',
      key: 'azure-key',
      params: { deployment: 'gpt-4o' },
      query: { 'api-version': '2024-12-01-preview' },
    });
  });

  it('opens streams with the prompt-filter chunk and works with the AzureOpenAI client', async () => {
    const azure = new AzureOpenAI({
      apiKey: 'azure-sdk',
      endpoint: upstream.url,
      apiVersion: '2024-10-21',
      deployment: 'gpt-4o',
      maxRetries: 0,
    });
    const stream = await azure.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks[0]).toMatchObject({ id: '', choices: [], prompt_filter_results: expect.any(Array) });
    expect(chunks.at(-1)?.usage?.total_tokens).toBeGreaterThan(0);
    expect(upstream.requests.last()?.headers['api-key']).toBe('azure-sdk');
  });

  it('serves embeddings, and refuses calls without api-version', async () => {
    const ok = await request('POST', '/openai/deployments/emb/embeddings?api-version=2024-10-21', {
      input: 'x',
      encoding_format: 'float',
    });
    expect((await ok.json()).data[0].embedding).toHaveLength(1536);
    const missing = await request('POST', '/openai/deployments/gpt-4o/chat/completions', {
      messages: CHAT.messages,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: '404', message: 'Resource not found' } });
  });
});

describe('OpenAI-compatible provider paths', () => {
  it.each([
    ['/api/paas/v4/chat/completions', 'zhipu.chat'],
    ['/api/v3/chat/completions', 'volcengine.chat'],
    ['/v2/chat/completions', 'qianfan.chat'],
    ['/v1/text/chatcompletion_v2', 'minimax.chat'],
    ['/client/v4/accounts/acc123/ai/v1/chat/completions', 'cloudflare.chat'],
    ['/chat/completions', 'perplexity.chat'],
    ['/compatible-mode/v1/chat/completions', 'dashscope.chat'],
    ['/custom/glm-4/anything', 'custom'],
  ])('%s answers like chat completions (%s)', async (path, route) => {
    const response = await request('POST', path, {
      ...CHAT,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = sseJson<{ model: string; usage?: unknown }>(await response.text());
    expect(chunks[0].model).toBe('glm-4');
    expect(chunks.at(-1)?.usage).toBeTruthy();
    expect(upstream.requests.last()?.route).toBe(route);
  });

  it('routes custom full URLs by their endpoint suffix', async () => {
    const response = await request('POST', '/custom/bge-m3/v1/embeddings', { model: 'bge-m3', input: 'x' });
    expect((await response.json()).object).toBe('list');
  });

  it('serves Ollama native embeddings', async () => {
    upstream.scenario('sk-ollama', { embeddingDimensions: 4, usage: { prompt: 9 } });
    const response = await request(
      'POST',
      '/api/embed',
      { model: 'nomic-embed-text', input: ['a', 'b'] },
      {
        authorization: 'Bearer sk-ollama',
      },
    );
    const body = await response.json();
    expect(body).toMatchObject({ model: 'nomic-embed-text', prompt_eval_count: 9 });
    expect(body.embeddings).toHaveLength(2);
    expect(body.embeddings[0]).toHaveLength(4);
    upstream.scenario('sk-ollama', { error: { status: 404, message: 'model "x" not found' } });
    const missing = await request(
      'POST',
      '/api/embed',
      { model: 'x', input: 'a' },
      { authorization: 'Bearer sk-ollama' },
    );
    expect(await missing.json()).toEqual({ error: 'model "x" not found' });
  });

  it('reranks Jina/Cohere style', async () => {
    const response = await request('POST', '/v1/rerank', {
      model: 'jina-reranker-v2',
      query: 'red apple',
      documents: ['a blue car', 'a red apple pie', { text: 'green apple' }],
      top_n: 2,
      return_documents: true,
    });
    const body = await response.json();
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({ index: 1, document: { text: 'a red apple pie' } });
    expect(body.results[0].relevance_score).toBeGreaterThan(body.results[1].relevance_score);
    expect(body.usage.total_tokens).toBeGreaterThan(0);
  });

  it('lists Gemini OpenAI-compatible models with the models/ prefix', async () => {
    upstream.scenario('sk-gem', { models: ['gemini-2.0-flash'] });
    const response = await request('GET', '/v1beta/openai/models', undefined, {
      authorization: 'Bearer sk-gem',
    });
    expect((await response.json()).data[0].id).toBe('models/gemini-2.0-flash');
  });
});

describe('balances', () => {
  it('reports the OpenAI dashboard subscription and usage', async () => {
    upstream.scenario('sk-bal', { balance: 12.5, balanceUsed: 7.5 });
    const headers = { authorization: 'Bearer sk-bal' };
    const subscription = await (
      await request('GET', '/v1/dashboard/billing/subscription', undefined, headers)
    ).json();
    expect(subscription).toMatchObject({
      object: 'billing_subscription',
      has_payment_method: true,
      hard_limit_usd: 20,
    });
    const usage = await (
      await request(
        'GET',
        '/v1/dashboard/billing/usage?start_date=2025-01-01&end_date=2025-01-31',
        undefined,
        headers,
      )
    ).json();
    expect(usage).toEqual({ object: 'list', daily_costs: [], total_usage: 750 });
  });

  it('reports DeepSeek and SiliconFlow balances', async () => {
    upstream.scenario('sk-cny', { balance: 88.8 });
    const headers = { authorization: 'Bearer sk-cny' };
    const deepseek = await (await request('GET', '/user/balance', undefined, headers)).json();
    expect(deepseek.balance_infos[0]).toMatchObject({ currency: 'CNY', total_balance: '88.80' });
    const silicon = await (await request('GET', '/v1/user/info', undefined, headers)).json();
    expect(silicon).toMatchObject({ code: 20000, status: true, data: { totalBalance: '88.8' } });
  });
});

describe('multipart parser', () => {
  it('reads fields and files, including quoted boundaries and binary data', () => {
    const boundary = '----x y';
    const binary = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a \\"b\\".wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      binary,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const parsed = parseMultipart(body, multipartBoundary(`multipart/form-data; boundary="${boundary}"`)!);
    expect(parsed.fields).toEqual({ model: 'whisper-1' });
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ field: 'file', filename: 'a "b".wav', contentType: 'audio/wav' });
    expect(parsed.files[0].data.equals(binary)).toBe(true);
  });

  it('ignores other content types', () => {
    expect(multipartBoundary('application/json')).toBeNull();
  });
});
