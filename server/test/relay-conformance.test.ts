import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel, addToken, balances, relayMatrix } from '@gateway/test-support';

/**
 * Header and status conformance the official SDKs rely on: request ids they read, CORS on every
 * answer (streams too), Retry-After kept from an upstream 429, and an upstream's complaint about
 * the channel's own key never reaching the caller as "your key is wrong".
 */
describe('relay header and status conformance', () => {
  const MODEL = 'conf-m';
  const m = relayMatrix({
    options: { ModelRatio: JSON.stringify({ [MODEL]: 1 }), RetryTimes: '0' },
    startQuota: 1_000_000,
    userPrefix: 'conformance',
  });
  const ORIGIN = 'https://chat.example';

  async function channelAndKey(scenario: Parameters<typeof m.upstream.scenario>[1], type = 1) {
    m.upstream.scenario('conf-key', scenario);
    await addChannel(m.gw, { type, key: 'conf-key', baseUrl: m.upstream.url, models: [MODEL] });
    const token = await addToken(m.gw, m.userId, { unlimited: true });
    tokenId = token.id;
    return token.apiKey;
  }
  let tokenId = 0;

  const chat = (apiKey: string, stream: boolean) =>
    fetch(`${m.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ model: MODEL, stream, messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('sends request ids and CORS headers on plain and streamed answers alike', async () => {
    const apiKey = await channelAndKey({ content: 'hello there' });
    for (const stream of [false, true]) {
      const res = await chat(apiKey, stream);
      expect(res.status).toBe(200);
      await res.text();
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const id = res.headers.get('x-request-id');
      expect(id).toBeTruthy();
      expect(res.headers.get('x-oneapi-request-id')).toBe(id);
      expect(res.headers.get('request-id')).toBe(id);
    }
  });

  it('gives the OpenAI and Anthropic SDKs the request id they expose', async () => {
    const apiKey = await channelAndKey({ content: 'hello there' });
    const openai = new OpenAI({ apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
    const { request_id } = await openai.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(request_id).toMatch(/\S{8,}/);
    await addChannel(m.gw, { type: 14, key: 'conf-key', baseUrl: m.upstream.url, models: [MODEL] });
    const anthropic = new Anthropic({ apiKey, baseURL: m.gw.url, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model: MODEL,
      max_tokens: 20,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message._request_id).toMatch(/\S{8,}/);
  });

  it("keeps an upstream 429's Retry-After for the client", async () => {
    const apiKey = await channelAndKey({
      error: { status: 429, message: 'Rate limit reached', type: 'requests' },
      headers: { 'retry-after': '17' },
    });
    const res = await chat(apiKey, false);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('17');
  });

  it("answers an upstream 401 about the channel's key as a gateway error, free of charge", async () => {
    const apiKey = await channelAndKey({
      error: { status: 401, message: 'Incorrect API key provided: conf-key', type: 'invalid_request_error' },
    });
    for (const stream of [false, true]) {
      const res = await chat(apiKey, stream);
      expect(res.status).toBe(502);
      const body = (await res.json()) as { error: { message: string } };
      // The channel's key never reaches the caller.
      expect(body.error.message).not.toContain('conf-key');
    }
    const openai = new OpenAI({ apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
    const err = await openai.chat.completions
      .create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect(err).not.toBeInstanceOf(OpenAI.AuthenticationError);
    const after = await balances(m.gw, m.userId, tokenId);
    expect(after.user).toEqual({ quota: 1_000_000, used_quota: 0, request_count: 0 });
  });
});
