import OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  apiError,
  balances,
  consumeLogs,
  deterministicVector,
  expectSingleCharge,
  relayMatrix,
  testDbKind,
  type ScenarioSpec,
} from '@gateway/test-support';

/**
 * OpenAI embeddings on AWS Bedrock channels (type 33): Amazon Titan's text embedding models, one
 * signed InvokeModel call per input, against a fake Bedrock that checks every SigV4 signature.
 * Prices: ratio 2 on both Titan models (quota = tokens × 2), 3 on text-embedding-3-small.
 */
describe.skipIf(testDbKind() !== 'sqlite')('Bedrock Titan embeddings', () => {
  const START = 1_000_000;
  const TOKEN_START = 500_000;
  const V2 = 'amazon.titan-embed-text-v2:0';
  const V1 = 'amazon.titan-embed-text-v1';
  const m = relayMatrix({
    startQuota: START,
    userPrefix: 'bedemb',
    options: {
      ModelRatio: JSON.stringify({ [V2]: 2, [V1]: 2, 'text-embedding-3-small': 3 }),
      RetryTimes: '0',
    },
  });
  let token: { id: number; apiKey: string };
  beforeEach(async () => {
    token = await addToken(m.gw, m.userId, { remainQuota: TOKEN_START });
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
  async function bedrockChannel(models: string[], spec: ScenarioSpec, modelMapping?: Record<string, string>) {
    const aws = m.upstream.aws.create('us-east-1');
    m.upstream.scenario(aws.accessKeyId, spec);
    return addChannel(m.gw, { type: 33, key: aws.key, baseUrl: m.upstream.url, models, modelMapping });
  }
  const charged = (channelId: number, quota: number, prompt: number) =>
    expectSingleCharge(m, {
      startQuota: START,
      tokenStart: TOKEN_START,
      channelId,
      tokenId: token.id,
      quota,
      prompt,
      completion: 0,
      stream: false,
    });

  it('embeds each input with its own signed call, in order, billed on the summed inputTextTokenCount', async () => {
    // Every call reports 7 tokens: three inputs are 21 tokens, 42 quota at ratio 2.
    const id = await bedrockChannel([V2], { usage: { prompt: 7 } });
    const res = await openai().embeddings.create({
      model: V2,
      input: ['alpha', 'beta', 'gamma'],
      dimensions: 256,
    });
    expect(res.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(res.data.map((d) => d.embedding)).toEqual(
      ['alpha', 'beta', 'gamma'].map((text) => deterministicVector(`${V2}\n${text}`, 256)),
    );
    expect(res.usage).toEqual({ prompt_tokens: 21, total_tokens: 21 });
    const seen = m.upstream.requests.all();
    expect(seen.map((r) => [r.path, r.reply?.status])).toEqual([
      ['/model/amazon.titan-embed-text-v2%3A0/invoke', 200],
      ['/model/amazon.titan-embed-text-v2%3A0/invoke', 200],
      ['/model/amazon.titan-embed-text-v2%3A0/invoke', 200],
    ]);
    expect(seen.map((r) => r.body)).toEqual([
      { inputText: 'alpha', dimensions: 256 },
      { inputText: 'beta', dimensions: 256 },
      { inputText: 'gamma', dimensions: 256 },
    ]);
    await charged(id, 42, 21);
  });

  it('serves Titan v1 under a mapped name, with floats when asked', async () => {
    const id = await bedrockChannel(
      ['text-embedding-3-small'],
      { usage: { prompt: 5 } },
      {
        'text-embedding-3-small': V1,
      },
    );
    const res = await openai().embeddings.create({
      model: 'text-embedding-3-small',
      input: 'hello',
      encoding_format: 'float',
    });
    expect(res.model).toBe('text-embedding-3-small');
    expect(res.data[0]!.embedding).toEqual(deterministicVector(`${V1}\nhello`, 1536));
    expect(m.upstream.requests.last()).toMatchObject({
      path: '/model/amazon.titan-embed-text-v1/invoke',
      body: { inputText: 'hello' },
    });
    // Priced by the client's model name: 5 tokens × 3.
    await charged(id, 15, 5);
  });

  it('fails the whole request, free, when a later call is refused', async () => {
    await bedrockChannel([V2], { usage: { prompt: 7 } });
    const err = await apiError(openai().embeddings.create({ model: V2, input: ['fine', ''] }));
    expect(err.status).toBe(400);
    expect(err.message).toContain('required key [inputText] not found');
    expect(m.upstream.requests.all().map((r) => r.reply?.status)).toEqual([200, 400]);
    const b = await balances(m.gw, m.userId, token.id);
    expect(b.user).toMatchObject({ quota: START, used_quota: 0 });
    expect(b.token).toEqual({ remain_quota: TOKEN_START, used_quota: 0 });
    expect(await consumeLogs(m.gw, m.userId)).toHaveLength(0);
  });

  it('refuses token-array inputs before calling Bedrock', async () => {
    await bedrockChannel([V2], {});
    const err = await apiError(openai().embeddings.create({ model: V2, input: [[1, 2, 3]] }));
    expect(err.status).toBe(400);
    expect(m.upstream.requests.all()).toHaveLength(0);
  });

  it('tests a Titan channel with a real, signed embeddings call', async () => {
    const id = await bedrockChannel([V2], {});
    const res = await m.root.get<unknown>(`/api/channel/test/${id}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(m.upstream.requests.all().map((r) => [r.path, r.reply?.status])).toEqual([
      ['/model/amazon.titan-embed-text-v2%3A0/invoke', 200],
    ]);
  });
});
