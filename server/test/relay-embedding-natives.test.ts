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
 * Native embeddings and images: DashScope (type 17: text-embedding and asynchronous text2image
 * tasks), Ollama (type 4: /api/embed) and Moka M3E (type 44: OpenAI-style embeddings only),
 * through the openai SDK. Prices: embeddings at ratio 2 (quota = tokens × 2), wanx-v1 at a
 * fixed $0.02 per 1024×1024 image.
 */
describe.skipIf(testDbKind() !== 'sqlite')('native embedding and image channels', () => {
  const START = 1_000_000;
  const TOKEN_START = 500_000;
  const QPU = 500_000;
  const m = relayMatrix({
    startQuota: START,
    userPrefix: 'embnat',
    options: {
      ModelRatio: JSON.stringify({ 'text-embedding-v1': 2, 'nomic-embed-text': 2, 'm3e-base': 2, qwen: 1 }),
      ModelPrice: JSON.stringify({ 'wanx-v1': 0.02 }),
      RetryTimes: '0',
    },
  });
  let token: { id: number; apiKey: string };
  beforeEach(async () => {
    token = await addToken(m.gw, m.userId, { remainQuota: TOKEN_START });
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
  async function channel(type: number, key: string, models: string[], spec?: ScenarioSpec) {
    if (spec) m.upstream.scenario(key, spec);
    return addChannel(m.gw, { type, key, baseUrl: m.upstream.url, models });
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
  async function expectFree() {
    const b = await balances(m.gw, m.userId, token.id);
    expect(b.user).toMatchObject({ quota: START, used_quota: 0 });
    expect(b.token).toEqual({ remain_quota: TOKEN_START, used_quota: 0 });
    expect(await consumeLogs(m.gw, m.userId)).toHaveLength(0);
  }
  const vector = (model: string, text: string, dims: number) =>
    deterministicVector(`${model}\n${text}`, dims);

  it('DashScope embeddings go native, in input order, billed on total_tokens', async () => {
    const id = await channel(17, 'ds-emb', ['text-embedding-v1'], {
      embeddingDimensions: 4,
      usage: { prompt: 12 },
    });
    const res = await openai().embeddings.create({ model: 'text-embedding-v1', input: ['alpha', 'beta'] });
    // The fake lists them in reverse: the gateway orders them by text_index.
    expect(res.data.map((d) => d.embedding)).toEqual([
      vector('text-embedding-v1', 'alpha', 4),
      vector('text-embedding-v1', 'beta', 4),
    ]);
    expect(res.usage).toEqual({ prompt_tokens: 12, total_tokens: 12 });
    const seen = m.upstream.requests.last()!;
    expect(seen.route).toBe('dashscope.native-embeddings');
    expect(seen.headers.authorization).toBe('Bearer ds-emb');
    expect(seen.body).toEqual({
      model: 'text-embedding-v1',
      input: { texts: ['alpha', 'beta'] },
      parameters: { text_type: 'query' },
    });
    await charged(id, 12 * 2, 12);
  });

  it('DashScope chat stays on compatible mode', async () => {
    await channel(17, 'ds-chat', ['qwen'], { content: 'hi there', usage: { prompt: 5, completion: 3 } });
    const res = await openai().chat.completions.create({
      model: 'qwen',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.choices[0]!.message.content).toBe('hi there');
    expect(m.upstream.requests.last()!.route).toBe('dashscope.chat');
  });

  it('DashScope images run as a task, polled to the end, billed per image', async () => {
    const id = await channel(17, 'ds-img', ['wanx-v1'], { taskPolls: 2 });
    const res = await openai().images.generate({
      model: 'wanx-v1',
      prompt: 'a cat',
      n: 2,
      size: '1024x1024',
    });
    expect(res.data).toHaveLength(2);
    expect(res.data![0]!.url).toMatch(new RegExp(`^${m.upstream.url}/files/wanx-`));
    const routes = m.upstream.requests.all().map((r) => r.route);
    expect(routes).toEqual([
      'dashscope.image-synthesis',
      'dashscope.task',
      'dashscope.task',
      'dashscope.task',
    ]);
    const submitted = m.upstream.requests.all()[0]!;
    expect(submitted.headers['x-dashscope-async']).toBe('enable');
    expect(submitted.body).toEqual({
      model: 'wanx-v1',
      input: { prompt: 'a cat' },
      parameters: { size: '1024*1024', n: 2 },
    });
    // $0.02 × 2 images
    await charged(id, Math.round(0.02 * 2 * QPU), 2);
  });

  it('DashScope images: a task that made fewer images than asked is paid for those it made', async () => {
    const id = await channel(17, 'ds-part', ['wanx-v1'], { taskPolls: 0, imagesMade: 1 });
    const res = await openai().images.generate({ model: 'wanx-v1', prompt: 'a dog', n: 3 });
    expect(res.data).toHaveLength(1);
    // $0.02 × 1 image made (3 asked)
    await charged(id, Math.round(0.02 * QPU), 1);
  });

  it('DashScope images come back as b64_json when asked, fetched from the task URLs', async () => {
    await channel(17, 'ds-b64', ['wanx-v1'], { taskPolls: 0 });
    const res = await openai().images.generate({
      model: 'wanx-v1',
      prompt: 'a cat',
      size: '256x256',
      response_format: 'b64_json',
    });
    const png = Buffer.from(res.data![0]!.b64_json!, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(m.upstream.requests.last()!.route).toBe('files.image');
    expect(m.upstream.requests.last()!.key).toBe('');
  });

  it('a failed DashScope image task is an error in OpenAI form, free', async () => {
    await channel(17, 'ds-fail', ['wanx-v1'], {
      taskPolls: 1,
      taskError: { code: 'DataInspectionFailed', message: 'Input data may contain inappropriate content.' },
    });
    const err = await apiError(openai().images.generate({ model: 'wanx-v1', prompt: 'bad' }));
    expect(err.status).toBe(500);
    expect(err.error).toMatchObject({ code: 'DataInspectionFailed' });
    expect(err.message).toContain('inappropriate content');
    await expectFree();
  });

  it("DashScope's refusal of the channel key becomes a gateway error, free", async () => {
    await channel(17, 'invalid-ds', ['text-embedding-v1']);
    const err = await apiError(openai().embeddings.create({ model: 'text-embedding-v1', input: 'x' }));
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ code: 'InvalidApiKey' });
    await expectFree();
  });

  it('Ollama embeddings go to /api/embed, billed on prompt_eval_count', async () => {
    const id = await channel(4, 'ol-emb', ['nomic-embed-text'], {
      embeddingDimensions: 3,
      usage: { prompt: 9 },
    });
    const res = await openai().embeddings.create({
      model: 'nomic-embed-text',
      input: ['one', 'two'],
      encoding_format: 'float',
    });
    expect(res.data.map((d) => d.embedding)).toEqual([
      vector('nomic-embed-text', 'one', 3),
      vector('nomic-embed-text', 'two', 3),
    ]);
    expect(m.upstream.requests.last()).toMatchObject({
      route: 'ollama.embed',
      body: { model: 'nomic-embed-text', input: ['one', 'two'] },
    });
    await charged(id, 9 * 2, 9);
  });

  it("Ollama's native error is mapped and free", async () => {
    await channel(4, 'ol-404', ['nomic-embed-text'], {
      error: { status: 404, message: 'model "nomic-embed-text" not found, try pulling it first' },
    });
    const err = await apiError(openai().embeddings.create({ model: 'nomic-embed-text', input: 'x' }));
    expect(err.status).toBe(404);
    expect(err.message).toContain('try pulling it first');
    await expectFree();
  });

  it('Moka M3E serves embeddings on /v1/embeddings and nothing else', async () => {
    const id = await channel(44, 'moka', ['m3e-base'], { usage: { prompt: 7 } });
    const res = await openai().embeddings.create({ model: 'm3e-base', input: 'hello' });
    expect(res.data).toHaveLength(1);
    expect(m.upstream.requests.last()).toMatchObject({ route: 'openai.embeddings', key: 'moka' });
    await charged(id, 7 * 2, 7);
    const chat = await apiError(
      openai().chat.completions.create({ model: 'm3e-base', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(chat.status).toBe(400);
    expect(chat.error).toMatchObject({ code: 'invalid_api_type' });
  });

  it('tests DashScope, Ollama and Moka channels with a real embeddings call', async () => {
    const ids = [
      await channel(17, 'ds-test', ['text-embedding-v1']),
      await channel(4, 'ol-test', ['nomic-embed-text']),
      await channel(44, 'moka-test', ['m3e-base']),
    ];
    for (const id of ids) {
      const res = await m.root.get<unknown>(`/api/channel/test/${id}`);
      expect(res.body.success, res.body.message).toBe(true);
    }
    expect(m.upstream.requests.all().map((r) => r.route)).toEqual([
      'dashscope.native-embeddings',
      'ollama.embed',
      'openai.embeddings',
    ]);
  });
});
