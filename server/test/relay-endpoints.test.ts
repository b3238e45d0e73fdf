import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  consumeLogs,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type ApiClient,
  type FakeUpstream,
  type RunningGateway,
  apiError,
} from '@gateway/test-support';
import { countText } from '../src/relay/billing/token-count.js';

/** Every OpenAI endpoint through the gateway with the official client, plus per-channel settings. */
describe('relay endpoints', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let root: ApiClient;
  let userId: number;
  let apiKey: string;
  const QPU = 500_000;

  const openai = () => new OpenAI({ apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const lastLog = async () => (await consumeLogs(gw, userId)).at(-1)!;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    root = await setupAndLoginRoot(gw.url);
    const prices = {
      ModelRatio: {
        'gpt-test': 1,
        'embed-test': 0.5,
        'tts-test': 7.5,
        'whisper-1': 15,
        'mod-test': 1,
        'rerank-test': 1,
        'dall-e-2': 8,
      },
      CompletionRatio: { 'gpt-test': 2 },
      ModelPrice: { 'dall-e-3': 0.04 },
    };
    for (const [key, map] of Object.entries(prices)) {
      await root.put('/api/option/', { key, value: JSON.stringify(map) });
    }
    const user = await registerAndLogin(gw.url, 'endpoints');
    userId = user.userId!;
    await setUserQuota(gw, userId, 10_000_000);
    apiKey = (await addToken(gw, userId, { unlimited: true })).apiKey;
  });

  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });

  beforeEach(async () => {
    upstream.reset();
    await removeAllChannels(gw);
  });

  const models = [
    'gpt-test',
    'embed-test',
    'tts-test',
    'whisper-1',
    'mod-test',
    'rerank-test',
    'dall-e-2',
    'dall-e-3',
  ];

  it('relays embeddings and bills the prompt tokens', async () => {
    upstream.scenario('k', { usage: { prompt: 42 } });
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    const res = await openai().embeddings.create({ model: 'embed-test', input: ['hello', 'world'] });
    expect(res.data).toHaveLength(2);
    expect(res.data[0]!.embedding.length).toBeGreaterThan(0);
    expect(await lastLog()).toMatchObject({ prompt_tokens: 42, quota: 21, model_name: 'embed-test' });
  });

  it('relays image generation and bills per image, size and quality', async () => {
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    const res = await openai().images.generate({
      model: 'dall-e-3',
      prompt: 'a cat',
      size: '1024x1792',
      quality: 'hd',
      n: 1,
    });
    expect(res.data?.[0]?.url).toMatch(/^http/);
    // $0.04 × size 2 × hd 1.5 × 1 image
    expect(await lastLog()).toMatchObject({
      quota: Math.round(0.04 * 2 * 1.5 * QPU),
      model_name: 'dall-e-3',
    });
    await openai().images.generate({ model: 'dall-e-2', prompt: 'a dog', size: '512x512', n: 2 });
    // ratio 8 → $0.02 per image × size 0.45 × 2 images
    expect(await lastLog()).toMatchObject({
      quota: Math.round(0.0025 * 8 * 0.45 * 2 * QPU),
      prompt_tokens: 2,
    });
  });

  it('relays speech as audio bytes and bills the input characters', async () => {
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    const res = await openai().audio.speech.create({
      model: 'tts-test',
      voice: 'alloy',
      input: '你好, world',
    });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await lastLog()).toMatchObject({ prompt_tokens: 9, quota: Math.round(9 * 7.5) });
  });

  it('relays a multipart transcription byte for byte', async () => {
    upstream.scenario('k', { content: 'transcribed words', audioSeconds: 90 });
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    const file = await toFile(Buffer.from('RIFF....WAVEfmt fake audio'), 'clip.wav', { type: 'audio/wav' });
    const res = await openai().audio.transcriptions.create({
      model: 'whisper-1',
      file,
      response_format: 'verbose_json',
    });
    expect(res.text).toBe('transcribed words');
    const req = upstream.requests.last()!;
    expect(req.files[0]).toMatchObject({ filename: 'clip.wav', contentType: 'audio/wav' });
    expect(req.files[0]!.data.toString()).toBe('RIFF....WAVEfmt fake audio');
    // 90 s of audio → 1500 prompt tokens (1000 per minute) at ratio 15
    expect(await lastLog()).toMatchObject({ model_name: 'whisper-1', prompt_tokens: 1500, quota: 22_500 });
    await openai().audio.transcriptions.create({ model: 'whisper-1', file, response_format: 'json' });
    expect(await lastLog()).toMatchObject({ prompt_tokens: 1500 });
  });

  it('reads the model of an upload with a real multipart parser, not from look-alike file bytes', async () => {
    upstream.scenario('k', { content: 'transcribed words', audioSeconds: 90 });
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    // The file comes first and its bytes imitate a form field naming a cheaper model.
    const spoof = 'x\r\n--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nmod-test\r\n';
    const form = new FormData();
    form.append('file', new Blob([spoof], { type: 'audio/wav' }), 'clip.wav');
    form.append('model', 'whisper-1');
    const res = await fetch(`${gw.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await lastLog()).toMatchObject({ model_name: 'whisper-1', prompt_tokens: 1500, quota: 22_500 });
  });

  it('answers 400 to a multipart body that cannot be parsed', async () => {
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    const res = await fetch(`${gw.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'multipart/form-data; boundary=zzz' },
      body: 'not a multipart body at all',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/multipart/);
  });

  it('relays moderations, rerank and legacy completions', async () => {
    upstream.scenario('k', { content: 'done', usage: { prompt: 7, completion: 3 } });
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    const mod = await openai().moderations.create({ model: 'mod-test', input: 'hello' });
    expect(mod.results[0]?.flagged).toBe(false);
    const completion = await openai().completions.create({ model: 'gpt-test', prompt: 'Say' });
    expect(completion.choices[0]?.text).toBe('done');
    expect(await lastLog()).toMatchObject({ prompt_tokens: 7, completion_tokens: 3, quota: 7 + 3 * 2 });
    const rerank = await fetch(`${gw.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rerank-test', query: 'q', documents: ['a', 'b'] }),
    });
    expect(rerank.status).toBe(200);
    expect(((await rerank.json()) as { results: unknown[] }).results).toHaveLength(2);
  });

  it('applies model_mapping, param_override, headers and organization', async () => {
    upstream.scenario('k', { usage: { prompt: 10, completion: 10 } });
    await addChannel(gw, {
      key: 'k',
      baseUrl: upstream.url,
      models,
      modelMapping: { 'gpt-test': 'real-upstream-model' },
      paramOverride: { temperature: 0.1, seed: 7 },
      headers: { 'X-Custom-Header': 'yes' },
      organization: 'org-123',
    });
    await openai().chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 0.9,
    });
    const req = upstream.requests.last()!;
    expect(req.body).toMatchObject({ model: 'real-upstream-model', temperature: 0.1, seed: 7 });
    expect(req.headers['x-custom-header']).toBe('yes');
    expect(req.headers['openai-organization']).toBe('org-123');
    expect(req.headers.authorization).toBe('Bearer k');
    const log = await lastLog();
    // Billed under the requested name; the upstream name is recorded.
    expect(log.model_name).toBe('gpt-test');
    expect(JSON.parse(log.other)).toMatchObject({
      is_model_mapped: true,
      upstream_model_name: 'real-upstream-model',
    });
  });

  it('maps upstream status codes before the client sees them', async () => {
    upstream.scenario('k', { error: { status: 400, message: 'nope', type: 'invalid_request_error' } });
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models, statusCodeMapping: { '400': '422' } });
    const err = await apiError(
      openai().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(422);
    expect(err.message).toContain('nope');
  });

  it('calls Azure deployments with api-key and api-version', async () => {
    upstream.scenario('azure-key', { usage: { prompt: 5, completion: 5 } });
    await addChannel(gw, {
      type: 3,
      key: 'azure-key',
      baseUrl: upstream.url,
      models: ['gpt-3.5-turbo'],
      other: '2024-10-21',
    });
    await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-3.5-turbo': 1 }) });
    await openai().chat.completions.create({
      model: 'gpt-3.5-turbo',
      messages: [{ role: 'user', content: 'x' }],
    });
    const req = upstream.requests.last()!;
    expect(req.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions');
    expect(req.query['api-version']).toBe('2024-10-21');
    expect(req.headers['api-key']).toBe('azure-key');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('counts tokens of a non-streamed answer locally when usage is missing', async () => {
    await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-test': 1 }) });
    upstream.scenario('k', { content: 'several words of reply', usage: 'none' });
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models });
    await openai().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] });
    const log = await lastLog();
    expect(log.completion_tokens).toBe(await countText('several words of reply', 'gpt-test'));
    expect(JSON.parse(log.other).usage_counted_locally).toBe(true);
  });

  it('lists only the models the key can use', async () => {
    await addChannel(gw, { key: 'k', baseUrl: upstream.url, models: ['gpt-test', 'embed-test'] });
    const list = await openai().models.list();
    expect(list.data.map((m) => m.id)).toEqual(['embed-test', 'gpt-test']);
    const limited = await addToken(gw, userId, { unlimited: true, modelLimits: ['gpt-test'] });
    const limitedClient = new OpenAI({ apiKey: limited.apiKey, baseURL: `${gw.url}/v1` });
    expect((await limitedClient.models.list()).data.map((m) => m.id)).toEqual(['gpt-test']);
    expect((await limitedClient.models.retrieve('gpt-test')).id).toBe('gpt-test');
    await expect(limitedClient.models.retrieve('embed-test')).rejects.toMatchObject({ status: 404 });
  });

  it('keeps a slow stream alive with ping comments when enabled', async () => {
    await root.put('/api/option/', { key: 'general_setting.ping_interval_seconds', value: '1' });
    await root.put('/api/option/', { key: 'general_setting.ping_interval_enabled', value: 'true' });
    try {
      upstream.scenario('slowstart', {
        chunks: ['late'],
        chunkDelayMs: 1300,
        usage: { prompt: 1, completion: 1 },
      });
      await addChannel(gw, { key: 'slowstart', baseUrl: upstream.url, models });
      const res = await fetch(`${gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      });
      const body = await res.text();
      expect(body).toContain(': PING');
      expect(body).toContain('late');
      expect(body.trim().endsWith('data: [DONE]')).toBe(true);
    } finally {
      await root.put('/api/option/', { key: 'general_setting.ping_interval_enabled', value: 'false' });
    }
  });

  it('skips channels whose max_input_tokens the prompt exceeds', async () => {
    upstream.scenario('small', { usage: { prompt: 1, completion: 1 } });
    upstream.scenario('large', { usage: { prompt: 1, completion: 1 } });
    await addChannel(gw, { key: 'small', baseUrl: upstream.url, models, priority: 10, maxInputTokens: 50 });
    const long = 'word '.repeat(200);
    const ask = (content: string) =>
      openai().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content }] });
    await ask('short');
    expect(upstream.requests.last()?.key).toBe('small');
    const err = await apiError(ask(long));
    expect(err.status).toBe(400);
    expect(err.message).toContain('超过了可用渠道的最大输入长度');
    await addChannel(gw, { key: 'large', baseUrl: upstream.url, models, priority: 0 });
    await ask(long);
    expect(upstream.requests.last()?.key).toBe('large');
  });

  it('moves reasoning into <think> tags for channels with thinking_to_content', async () => {
    upstream.scenario('think', {
      reasoningContent: 'let me think',
      content: 'the answer',
      usage: { prompt: 2, completion: 2 },
    });
    await addChannel(gw, {
      key: 'think',
      baseUrl: upstream.url,
      models,
      setting: { thinking_to_content: true },
    });
    const whole = await openai().chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(whole.choices[0]?.message.content).toBe('<think>\nlet me think\n</think>\nthe answer');
    const stream = await openai().chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text.replace(/\s+/g, ' ')).toBe('<think> let me think </think> the answer');
  });

  it('answers endpoints it does not offer with 501', async () => {
    const res = await fetch(`${gw.url}/v1/files`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(501);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('api_not_implemented');
  });
});
