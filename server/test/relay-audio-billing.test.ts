import OpenAI from 'openai';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  balances,
  consumeLogs,
  putOptions,
  registerAndLogin,
  removeAllChannels,
  setUserQuota,
  setupAndLoginRoot,
  startFakeUpstream,
  startGateway,
  type FakeUpstream,
  type RunningGateway,
} from '@gateway/test-support';

type Event = Record<string, unknown>;

/**
 * Audio tokens are billed at OpenAI's audio price ratios (gpt-4o-audio-preview-2024-12-17: 16,
 * gpt-4o-realtime-preview-2024-12-17: 8; audio output twice audio input), in chat answers and
 * Realtime sessions alike; Realtime also reaches Azure deployments and stops a session its payer
 * can no longer cover. Model ratio 1, cache ratio 0.5; completion ratio 4 (audio chat), 2 (realtime).
 */
describe('audio billing and Realtime sessions on Azure', () => {
  let gw: RunningGateway;
  let upstream: FakeUpstream;
  let userId: number;
  let token: { id: number; apiKey: string };
  const START = 1_000_000;
  const CHAT = 'gpt-4o-audio-preview-2024-12-17';
  const RT = 'gpt-4o-realtime-preview-2024-12-17';

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway();
    const root = await setupAndLoginRoot(gw.url);
    await putOptions(root, {
      ModelRatio: JSON.stringify({ [CHAT]: 1, [RT]: 1 }),
      CompletionRatio: JSON.stringify({ [CHAT]: 4, [RT]: 2 }),
      CacheRatio: JSON.stringify({ [RT]: 0.5 }),
      PreConsumedQuota: '500',
    });
  });
  afterAll(async () => {
    await gw.stop();
    await upstream.close();
  });
  let n = 0;
  beforeEach(async () => {
    const user = await registerAndLogin(gw.url, `audio${n++}`);
    userId = user.userId!;
    await setUserQuota(gw, userId, START);
    token = await addToken(gw, userId, { remainQuota: 100_000 });
    upstream.reset();
    await removeAllChannels(gw);
  });

  it('charges the audio part of a chat answer at the audio ratios', async () => {
    await addChannel(gw, { key: 'audio-chat', baseUrl: upstream.url, models: [CHAT] });
    // 100 prompt tokens of which 40 audio; 60 completion tokens of which 50 audio.
    upstream.scenario('audio-chat', {
      content: 'hello',
      usage: { prompt: 100, completion: 60, audioPrompt: 40, audioCompletion: 50 },
    });
    const openai = new OpenAI({ apiKey: token.apiKey, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    await openai.chat.completions.create({ model: CHAT, messages: [{ role: 'user', content: 'hi' }] });
    const quota = 60 + 10 * 4 + (40 + 50 * 2) * 16; // 2340
    expect((await balances(gw, userId, token.id)).user).toMatchObject({
      quota: START - quota,
      used_quota: quota,
    });
    const [log] = await consumeLogs(gw, userId);
    expect(log!.quota).toBe(quota);
    expect(log!.content).toContain('音频倍率 16.00，音频补全倍率 2.00');
    expect(JSON.parse(log!.other)).toMatchObject({
      audio: true,
      audio_input: 40,
      audio_output: 50,
      text_input: 60,
      text_output: 10,
      audio_ratio: 16,
      audio_completion_ratio: 2,
    });
  });

  /**
   * A Realtime session that asks for one response at a time, `responses` in all, then waits for
   * the gateway to close it (or closes itself after the last one when `closeAfter`).
   */
  function session(responses: number, closeAfter = true) {
    const ws = new WebSocket(`${gw.url.replace('http', 'ws')}/v1/realtime?model=${RT}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    const events: Event[] = [];
    let done = 0;
    return new Promise<Event[]>((resolve) => {
      const giveUp = setTimeout(() => ws.close(), 5_000);
      ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'response.create' })));
      ws.addEventListener('message', (m) => {
        const event = JSON.parse(String(m.data)) as Event;
        events.push(event);
        if (event.type !== 'response.done') return;
        done += 1;
        if (done < responses) ws.send(JSON.stringify({ type: 'response.create' }));
        else if (closeAfter) ws.close();
      });
      ws.addEventListener('close', () => {
        clearTimeout(giveUp);
        resolve(events);
      });
    });
  }

  async function settled(expectedUsed: number) {
    for (let i = 0; i < 50; i++) {
      const b = await balances(gw, userId, token.id);
      if (b.user.used_quota === expectedUsed) return b;
      await new Promise((r) => setTimeout(r, 50));
    }
    return balances(gw, userId, token.id);
  }

  // Per response: 100 prompt (60 audio, 10 cached), 50 completion (30 audio):
  // 30 + 10 × 0.5 + 20 × 2 + (60 + 30 × 2) × 8 = 1035.
  const RT_USAGE = { prompt: 100, completion: 50, cached: 10, audioPrompt: 60, audioCompletion: 30 };
  const PER_RESPONSE = 1035;

  it('opens the session on an Azure deployment with its api-key and bills audio at the realtime ratio', async () => {
    await addChannel(gw, {
      type: 3,
      key: 'rt-azure',
      baseUrl: upstream.url,
      models: [RT],
      other: '2024-10-01-preview',
    });
    upstream.scenario('rt-azure', { content: 'hi', usage: RT_USAGE });
    const events = await session(2);
    expect(events.filter((e) => e.type === 'response.done')).toHaveLength(2);
    const sent = upstream.requests.forKey('rt-azure')[0]!;
    expect(sent).toMatchObject({
      route: 'azure.realtime',
      path: '/openai/realtime',
      query: { 'api-version': '2024-10-01-preview', deployment: RT },
    });
    expect(sent.headers['api-key']).toBe('rt-azure');
    expect(sent.headers.authorization).toBeUndefined();
    const b = await settled(2 * PER_RESPONSE);
    expect(b.user).toMatchObject({ quota: START - 2 * PER_RESPONSE, used_quota: 2 * PER_RESPONSE });
    const [log] = await consumeLogs(gw, userId);
    expect(JSON.parse(log!.other)).toMatchObject({
      ws: true,
      audio: true,
      audio_input: 120,
      audio_output: 60,
      audio_ratio: 8,
    });
  });

  it('cuts a session off once its payer cannot cover it, charging what the balance allows', async () => {
    await addChannel(gw, { key: 'rt-open', baseUrl: upstream.url, models: [RT] });
    upstream.scenario('rt-open', { content: 'hi', usage: RT_USAGE });
    // Held at the start: PreConsumedQuota 500 × completion ratio 2 = 1000. The first response
    // (1035) needs 35 more of the 500 left; the second (2070 in all) needs 1070: cut off.
    await setUserQuota(gw, userId, 1500);
    const events = await session(2, false);
    expect(events.filter((e) => e.type === 'response.done')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: expect.objectContaining({ code: 'insufficient_user_quota' }),
    });
    const b = await settled(1500);
    expect(b.user).toMatchObject({ quota: 0, used_quota: 1500 });
    const [log] = await consumeLogs(gw, userId);
    expect(log!.quota).toBe(1500);
    expect(JSON.parse(log!.other)).toMatchObject({ overdraft: 2 * PER_RESPONSE - 1500 });
  });
});
