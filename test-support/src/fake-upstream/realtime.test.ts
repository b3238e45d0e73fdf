/** The fake Realtime WebSocket, spoken to with a standard WebSocket client (undici's). */
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

/** Opens a socket and collects its events until `response.done` count reaches `responses`. */
function session(key: string, send: unknown[], responses: number) {
  const url = `${upstream.url.replace('http', 'ws')}/v1/realtime?model=gpt-realtime`;
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${key}` } });
  const events: Array<Record<string, unknown>> = [];
  return new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
    ws.addEventListener('open', () => {
      for (const e of send) ws.send(JSON.stringify(e));
    });
    ws.addEventListener('message', (m) => {
      events.push(JSON.parse(String(m.data)) as Record<string, unknown>);
      if (events.filter((e) => e.type === 'response.done').length === responses) ws.close();
    });
    ws.addEventListener('close', () => resolve(events));
    ws.addEventListener('error', () => reject(new Error('refused')));
  });
}

describe('realtime', () => {
  it('opens with session.created and answers response.create with the pinned usage', async () => {
    upstream.scenario('sk-rt', { content: 'Hi there', usage: { prompt: 30, completion: 6, cached: 10 } });
    const events = await session(
      'sk-rt',
      [
        {
          type: 'conversation.item.create',
          item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
        },
        { type: 'response.create' },
      ],
      1,
    );
    expect(events[0]).toMatchObject({ type: 'session.created', session: { model: 'gpt-realtime' } });
    expect(events.filter((e) => e.type === 'response.text.delta').map((e) => e.delta)).toEqual([
      'Hi',
      ' there',
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'response.done',
      response: {
        status: 'completed',
        usage: {
          input_tokens: 30,
          output_tokens: 6,
          total_tokens: 36,
          input_token_details: { cached_tokens: 10 },
        },
      },
    });
    const recorded = upstream.requests.forKey('sk-rt')[0]!;
    expect(recorded.route).toBe('openai.realtime');
    expect((recorded.body as unknown[]).length).toBe(2);
  });

  it('refuses the handshake for an invalid key', async () => {
    await expect(session('invalid-key', [], 1)).rejects.toThrow('refused');
  });
});
