import { toFile } from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel } from '@gateway/test-support';
import { QPU, useRelayEndpoints } from './support/relay-endpoints.js';

/**
 * Every OpenAI endpoint through the gateway with the official client: what it relays and what it
 * bills. Per-channel settings: relay-endpoints-settings.test.ts.
 */
describe('relay endpoints', () => {
  const h = useRelayEndpoints();

  it('relays embeddings and bills the prompt tokens', async () => {
    h.upstream.scenario('k', { usage: { prompt: 42 } });
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    const res = await h.openai().embeddings.create({ model: 'embed-test', input: ['hello', 'world'] });
    expect(res.data).toHaveLength(2);
    expect(res.data[0]!.embedding.length).toBeGreaterThan(0);
    expect(await h.lastLog()).toMatchObject({ prompt_tokens: 42, quota: 21, model_name: 'embed-test' });
  });

  it('relays image generation and bills per image, size and quality', async () => {
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    const res = await h.openai().images.generate({
      model: 'dall-e-3',
      prompt: 'a cat',
      size: '1024x1792',
      quality: 'hd',
      n: 1,
    });
    expect(res.data?.[0]?.url).toMatch(/^http/);
    // $0.04 × size 2 × hd 1.5 × 1 image
    expect(await h.lastLog()).toMatchObject({
      quota: Math.round(0.04 * 2 * 1.5 * QPU),
      model_name: 'dall-e-3',
    });
    await h.openai().images.generate({ model: 'dall-e-2', prompt: 'a dog', size: '512x512', n: 2 });
    // ratio 8 → $0.02 per image × size 0.45 × 2 images
    expect(await h.lastLog()).toMatchObject({
      quota: Math.round(0.0025 * 8 * 0.45 * 2 * QPU),
      prompt_tokens: 2,
    });
  });

  it('relays speech as audio bytes and bills the input characters', async () => {
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    const res = await h.openai().audio.speech.create({
      model: 'tts-test',
      voice: 'alloy',
      input: '你好, world',
    });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await h.lastLog()).toMatchObject({ prompt_tokens: 9, quota: Math.round(9 * 7.5) });
  });

  it('relays a multipart transcription byte for byte', async () => {
    h.upstream.scenario('k', { content: 'transcribed words', audioSeconds: 90 });
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    const file = await toFile(Buffer.from('RIFF....WAVEfmt fake audio'), 'clip.wav', { type: 'audio/wav' });
    const res = await h.openai().audio.transcriptions.create({
      model: 'whisper-1',
      file,
      response_format: 'verbose_json',
    });
    expect(res.text).toBe('transcribed words');
    const req = h.upstream.requests.last()!;
    expect(req.files[0]).toMatchObject({ filename: 'clip.wav', contentType: 'audio/wav' });
    expect(req.files[0]!.data.toString()).toBe('RIFF....WAVEfmt fake audio');
    // 90 s of audio → 1500 prompt tokens (1000 per minute) at ratio 15
    expect(await h.lastLog()).toMatchObject({ model_name: 'whisper-1', prompt_tokens: 1500, quota: 22_500 });
    await h.openai().audio.transcriptions.create({ model: 'whisper-1', file, response_format: 'json' });
    expect(await h.lastLog()).toMatchObject({ prompt_tokens: 1500 });
  });

  it('reads the model of an upload with a real multipart parser, not from look-alike file bytes', async () => {
    h.upstream.scenario('k', { content: 'transcribed words', audioSeconds: 90 });
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    // The file comes first and its bytes imitate a form field naming a cheaper model.
    const spoof = 'x\r\n--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nmod-test\r\n';
    const form = new FormData();
    form.append('file', new Blob([spoof], { type: 'audio/wav' }), 'clip.wav');
    form.append('model', 'whisper-1');
    const res = await fetch(`${h.gw.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.apiKey}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await h.lastLog()).toMatchObject({ model_name: 'whisper-1', prompt_tokens: 1500, quota: 22_500 });
  });

  it('answers 400 to a multipart body that cannot be parsed', async () => {
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    const res = await fetch(`${h.gw.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.apiKey}`, 'content-type': 'multipart/form-data; boundary=zzz' },
      body: 'not a multipart body at all',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/multipart/);
  });

  it('relays moderations, rerank and legacy completions', async () => {
    h.upstream.scenario('k', { content: 'done', usage: { prompt: 7, completion: 3 } });
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    const mod = await h.openai().moderations.create({ model: 'mod-test', input: 'hello' });
    expect(mod.results[0]?.flagged).toBe(false);
    const completion = await h.openai().completions.create({ model: 'gpt-test', prompt: 'Say' });
    expect(completion.choices[0]?.text).toBe('done');
    expect(await h.lastLog()).toMatchObject({ prompt_tokens: 7, completion_tokens: 3, quota: 7 + 3 * 2 });
    const rerank = await fetch(`${h.gw.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rerank-test', query: 'q', documents: ['a', 'b'] }),
    });
    expect(rerank.status).toBe(200);
    expect(((await rerank.json()) as { results: unknown[] }).results).toHaveLength(2);
  });

  it('answers endpoints it does not offer with 501', async () => {
    const res = await fetch(`${h.gw.url}/v1/files`, { headers: { authorization: `Bearer ${h.apiKey}` } });
    expect(res.status).toBe(501);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('api_not_implemented');
  });
});
