import { describe, expect, it } from 'vitest';
import { anthropicError, apiError, balances, channelUsedQuota, consumeLogs } from '@gateway/test-support';
import { MODEL, START, useGeminiConversions } from './support/gemini-conversions.js';

/**
 * The commit point on Gemini streams (retried for free before the first output, ended with
 * Gemini's error frame after it) and errors in each client's shape. Tools across formats:
 * relay-gemini-conversions.test.ts.
 */
describe('Gemini conversions: tools, retries and errors', () => {
  const h = useGeminiConversions();

  it.each(['google', 'openai'] as const)(
    'retries a Gemini stream that fails before its first output on another channel, for free (%s client)',
    async (client) => {
      const bad = await h.channel(24, 'gm-bad', 10);
      const good = await h.channel(client === 'google' ? 1 : 24, 'good', 0);
      h.upstream.scenario('gm-bad', { streamError: { afterEvents: 0, message: 'overloaded' } });
      h.upstream.scenario('good', { chunks: ['Fine', ' again'], usage: { prompt: 8, completion: 2 } });
      let text = '';
      if (client === 'google') {
        for await (const c of await h.google().models.generateContentStream({ model: MODEL, contents: 'hi' }))
          text += c.text ?? '';
      } else {
        const stream = await h.openai().chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'hi' }],
          stream: true,
        });
        for await (const c of stream) text += c.choices[0]?.delta.content ?? '';
      }
      expect(text).toBe('Fine again');
      expect(h.upstream.requests.forKey('gm-bad')).toHaveLength(1);
      const quota = 8 + 2 * 2;
      expect((await balances(h.gw, h.userId, h.token.id)).user).toEqual({
        quota: START - quota,
        used_quota: quota,
        request_count: 1,
      });
      expect(await channelUsedQuota(h.gw, bad)).toBe(0);
      expect(await channelUsedQuota(h.gw, good)).toBe(quota);
      const logs = await consumeLogs(h.gw, h.userId);
      expect(logs).toHaveLength(1);
      expect(JSON.parse(logs[0]!.other).admin_info.use_channel).toEqual([String(bad), String(good)]);
    },
  );

  it("ends a Gemini stream that breaks after output with Gemini's error frame, charging what was sent", async () => {
    await h.channel(24, 'gm');
    h.upstream.scenario('gm', {
      chunks: ['one', ' two', ' three'],
      usage: { prompt: 5, completion: 3 },
      streamError: { afterEvents: 2, message: 'boom' },
    });
    const res = await fetch(`${h.gw.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': h.token.apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    expect(frames).toHaveLength(3);
    const last = JSON.parse(frames[2]!.slice('data: '.length)) as {
      error: { code: number; status: string; message: string };
    };
    expect(last.error).toMatchObject({
      code: 500,
      status: 'INTERNAL',
      message: expect.stringContaining('boom'),
    });
    // The chunks carried running usage (5 prompt, 3 output): that is what is charged.
    expect((await balances(h.gw, h.userId, h.token.id)).user.used_quota).toBe(5 + 3 * 2);
  });

  it("answers errors in each client's shape, never echoing the channel key", async () => {
    const secret = 'gm-secret-key-123456';
    await h.channel(24, secret);
    h.upstream.scenario(secret, { error: { status: 400, message: `API key not valid: ${secret}` } });

    const g = await h.geminiError(h.google().models.generateContent({ model: MODEL, contents: 'hi' }));
    expect(g.status).toBe(400);
    expect(g.body).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('API key not valid: gm-***'),
      },
    });
    expect(JSON.stringify(g.body)).not.toContain(secret);

    const o = await apiError(
      h.openai().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(o.status).toBe(400);
    expect(o.message).toContain('API key not valid: gm-***');
    expect(o.message).not.toContain(secret);

    const a = await anthropicError(
      h.anthropic().messages.create({
        model: MODEL,
        max_tokens: 5,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(a.status).toBe(400);
    expect(a.error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(JSON.stringify(a.error)).not.toContain(secret);

    // The gateway's own errors too: a bad key, an unknown model.
    const badKey = await h.geminiError(
      h.google('sk-nope').models.generateContent({ model: MODEL, contents: 'hi' }),
    );
    expect(badKey).toEqual({
      status: 401,
      body: {
        error: { code: 401, status: 'UNAUTHENTICATED', message: expect.stringContaining('无效的令牌') },
      },
    });
    const unknown = await h.geminiError(
      h.google().models.generateContent({ model: 'no-such', contents: 'hi' }),
    );
    // A model no channel of the caller's group lists is unknown: 404 in Gemini's shape.
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } });
    expect((await balances(h.gw, h.userId, h.token.id)).user.used_quota).toBe(0);
  });
});
