import { describe, expect, it } from 'vitest';
import { addChannel, balances } from '@gateway/test-support';
import { queryStats } from '../src/platform/db/query-stats.js';
import { CHANNELS, MODEL, useGeminiMatrix } from './support/gemini-matrix.js';

/**
 * Gemini's /v1beta beyond the client × channel matrix: the key in ?key=, the model list and local
 * token counts, no SQL on the hot path, and the console test of a Gemini channel. Prices: gem-m
 * ratio 2, completion ratio 3, cache ratio 0.5. The matrix itself: relay-gemini.test.ts.
 */
describe('Gemini clients and Gemini channels: the client × channel matrix', () => {
  const { m, google, setup, expectCharged } = useGeminiMatrix();

  it('takes the key from ?key= as well, and never forwards it', async () => {
    const { channelId, token } = await setup('openai');
    const res = await fetch(`${m.gw.url}/v1beta/models/${MODEL}:generateContent?key=${token.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(res.status).toBe(200);
    const seen = m.upstream.requests.last()!;
    expect(seen.query).toEqual({});
    expect(JSON.stringify(seen.headers)).not.toContain(token.apiKey.replace(/^sk-/, ''));
    await expectCharged(channelId, token.id, false);
  });

  it('lists the models the key may use, and counts tokens locally for free', async () => {
    const { token } = await setup('gemini');
    const client = google(token.apiKey);
    const pager = await client.models.list();
    const names: string[] = [];
    for await (const model of pager) names.push(model.name ?? '');
    expect(names).toEqual([`models/${MODEL}`]);
    expect(await client.models.get({ model: MODEL })).toMatchObject({
      name: `models/${MODEL}`,
      displayName: MODEL,
      // The SDK's name for supportedGenerationMethods.
      supportedActions: [
        'generateContent',
        'streamGenerateContent',
        'countTokens',
        'embedContent',
        'batchEmbedContents',
      ],
    });
    const missing = await client.models.get({ model: 'nope' }).catch((e: unknown) => e);
    expect((missing as { status?: number }).status).toBe(404);
    const count = await client.models.countTokens({ model: MODEL, contents: 'hello world' });
    // "hello world" is 2 tokens, plus 2 for the turn.
    expect(count.totalTokens).toBe(4);
    expect(m.upstream.requests.length).toBe(0);
    expect((await balances(m.gw, m.userId, token.id)).user.used_quota).toBe(0);
  });

  it('reads nothing from SQL on the /v1beta hot path once caches are warm', async () => {
    const { token } = await setup('gemini');
    await addChannel(m.gw, { type: 1, key: 'key-openai', baseUrl: m.upstream.url, models: [MODEL] });
    m.upstream.scenario('key-openai', { usage: CHANNELS.openai.usage });
    const client = google(token.apiKey);
    const ask = async (stream: boolean) => {
      if (!stream) return void (await client.models.generateContent({ model: MODEL, contents: 'x' }));
      for await (const _ of await client.models.generateContentStream({ model: MODEL, contents: 'x' }))
        void _;
    };
    await ask(false); // warms the token, user and balance caches
    const reads = queryStats.reads;
    await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i % 2 === 0)));
    expect(queryStats.reads - reads).toBe(0);
    expect(m.upstream.requests.length).toBe(11);
  });

  it('tests a Gemini channel from the console with a real generateContent call', async () => {
    const { channelId } = await setup('gemini');
    const res = await m.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(res.body.success, res.body.message).toBe(true);
    const seen = m.upstream.requests.last()!;
    expect(seen.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(seen.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generationConfig: { maxOutputTokens: 10 },
    });
  });
});
