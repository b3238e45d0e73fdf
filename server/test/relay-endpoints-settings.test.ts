import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel, addToken, apiError } from '@gateway/test-support';
import { countText } from '../src/relay/billing/token-count.js';
import { useRelayEndpoints } from './support/relay-endpoints.js';

/**
 * Per-channel settings on OpenAI chat through the gateway: model mapping, parameter and header
 * overrides, status-code mapping, Azure deployments, max input tokens, thinking as content; local
 * token counting, the model list and stream pings. The endpoints themselves: relay-endpoints.test.ts.
 */
describe('relay endpoints', () => {
  const h = useRelayEndpoints();

  it('applies model_mapping, param_override, headers and organization', async () => {
    h.upstream.scenario('k', { usage: { prompt: 10, completion: 10 } });
    await addChannel(h.gw, {
      key: 'k',
      baseUrl: h.upstream.url,
      models: h.models,
      modelMapping: { 'gpt-test': 'real-upstream-model' },
      paramOverride: { temperature: 0.1, seed: 7 },
      headers: { 'X-Custom-Header': 'yes' },
      organization: 'org-123',
    });
    await h.openai().chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 0.9,
    });
    const req = h.upstream.requests.last()!;
    expect(req.body).toMatchObject({ model: 'real-upstream-model', temperature: 0.1, seed: 7 });
    expect(req.headers['x-custom-header']).toBe('yes');
    expect(req.headers['openai-organization']).toBe('org-123');
    expect(req.headers.authorization).toBe('Bearer k');
    const log = await h.lastLog();
    // Billed under the requested name; the upstream name is recorded.
    expect(log.model_name).toBe('gpt-test');
    expect(JSON.parse(log.other)).toMatchObject({
      is_model_mapped: true,
      upstream_model_name: 'real-upstream-model',
    });
  });

  it('maps upstream status codes before the client sees them', async () => {
    h.upstream.scenario('k', { error: { status: 400, message: 'nope', type: 'invalid_request_error' } });
    await addChannel(h.gw, {
      key: 'k',
      baseUrl: h.upstream.url,
      models: h.models,
      statusCodeMapping: { '400': '422' },
    });
    const err = await apiError(
      h.openai().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(422);
    expect(err.message).toContain('nope');
  });

  it('calls Azure deployments with api-key and api-version', async () => {
    h.upstream.scenario('azure-key', { usage: { prompt: 5, completion: 5 } });
    await addChannel(h.gw, {
      type: 3,
      key: 'azure-key',
      baseUrl: h.upstream.url,
      models: ['gpt-3.5-turbo'],
      other: '2024-10-21',
    });
    await h.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-3.5-turbo': 1 }) });
    await h.openai().chat.completions.create({
      model: 'gpt-3.5-turbo',
      messages: [{ role: 'user', content: 'x' }],
    });
    const req = h.upstream.requests.last()!;
    expect(req.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions');
    expect(req.query['api-version']).toBe('2024-10-21');
    expect(req.headers['api-key']).toBe('azure-key');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('counts tokens of a non-streamed answer locally when usage is missing', async () => {
    await h.root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-test': 1 }) });
    h.upstream.scenario('k', { content: 'several words of reply', usage: 'none' });
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: h.models });
    await h
      .openai()
      .chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] });
    const log = await h.lastLog();
    expect(log.completion_tokens).toBe(await countText('several words of reply', 'gpt-test'));
    expect(JSON.parse(log.other).usage_counted_locally).toBe(true);
  });

  it('lists only the models the key can use', async () => {
    await addChannel(h.gw, { key: 'k', baseUrl: h.upstream.url, models: ['gpt-test', 'embed-test'] });
    const list = await h.openai().models.list();
    expect(list.data.map((m) => m.id)).toEqual(['embed-test', 'gpt-test']);
    const limited = await addToken(h.gw, h.userId, { unlimited: true, modelLimits: ['gpt-test'] });
    const limitedClient = new OpenAI({ apiKey: limited.apiKey, baseURL: `${h.gw.url}/v1` });
    expect((await limitedClient.models.list()).data.map((m) => m.id)).toEqual(['gpt-test']);
    expect((await limitedClient.models.retrieve('gpt-test')).id).toBe('gpt-test');
    await expect(limitedClient.models.retrieve('embed-test')).rejects.toMatchObject({ status: 404 });
  });

  it('keeps a slow stream alive with ping comments when enabled', async () => {
    await h.root.put('/api/option/', { key: 'general_setting.ping_interval_seconds', value: '1' });
    await h.root.put('/api/option/', { key: 'general_setting.ping_interval_enabled', value: 'true' });
    try {
      h.upstream.scenario('slowstart', {
        chunks: ['late'],
        chunkDelayMs: 1300,
        usage: { prompt: 1, completion: 1 },
      });
      await addChannel(h.gw, { key: 'slowstart', baseUrl: h.upstream.url, models: h.models });
      const res = await fetch(`${h.gw.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      });
      const body = await res.text();
      expect(body).toContain(': PING');
      expect(body).toContain('late');
      expect(body.trim().endsWith('data: [DONE]')).toBe(true);
    } finally {
      await h.root.put('/api/option/', { key: 'general_setting.ping_interval_enabled', value: 'false' });
    }
  });

  it('skips channels whose max_input_tokens the prompt exceeds', async () => {
    h.upstream.scenario('small', { usage: { prompt: 1, completion: 1 } });
    h.upstream.scenario('large', { usage: { prompt: 1, completion: 1 } });
    await addChannel(h.gw, {
      key: 'small',
      baseUrl: h.upstream.url,
      models: h.models,
      priority: 10,
      maxInputTokens: 50,
    });
    const long = 'word '.repeat(200);
    const ask = (content: string) =>
      h.openai().chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content }] });
    await ask('short');
    expect(h.upstream.requests.last()?.key).toBe('small');
    const err = await apiError(ask(long));
    expect(err.status).toBe(400);
    expect(err.message).toContain('超过了可用渠道的最大输入长度');
    await addChannel(h.gw, { key: 'large', baseUrl: h.upstream.url, models: h.models, priority: 0 });
    await ask(long);
    expect(h.upstream.requests.last()?.key).toBe('large');
  });

  it('moves reasoning into <think> tags for channels with thinking_to_content', async () => {
    h.upstream.scenario('think', {
      reasoningContent: 'let me think',
      content: 'the answer',
      usage: { prompt: 2, completion: 2 },
    });
    await addChannel(h.gw, {
      key: 'think',
      baseUrl: h.upstream.url,
      models: h.models,
      setting: { thinking_to_content: true },
    });
    const whole = await h.openai().chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(whole.choices[0]?.message.content).toBe('<think>\nlet me think\n</think>\nthe answer');
    const stream = await h.openai().chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text.replace(/\s+/g, ' ')).toBe('<think> let me think </think> the answer');
  });
});
