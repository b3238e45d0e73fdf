/** Stream framing, usage placement, and the transport faults: broken, hanging and slow replies. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readStream, sseJson, startFakeUpstream, type FakeUpstream } from './index.js';

let upstream: FakeUpstream;

const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

function chat(key: string, extra: Record<string, unknown> = {}) {
  return fetch(`${upstream.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ ...CHAT, ...extra }),
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('stream shape', () => {
  it('ends with an {"error":…} event instead of the answer when streamError is set', async () => {
    upstream.scenario('sk-err', { chunks: ['a', 'b'], streamError: { afterEvents: 1, message: 'boom' } });
    const text = await (await chat('sk-err', { stream: true })).text();
    const events = sseJson<Record<string, unknown>>(text);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({ error: { message: 'boom', type: 'server_error', param: null, code: null } });
    expect(text).not.toContain('[DONE]');
  });

  it('ends with finish_reason, the usage chunk and [DONE], framed as data lines', async () => {
    upstream.scenario('sk-s', { chunks: ['a', 'b'], usage: { prompt: 3, completion: 2 } });
    const response = await chat('sk-s', { stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await response.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(
      text
        .split('\n\n')
        .filter(Boolean)
        .every((e) => e.startsWith('data: ')),
    ).toBe(true);
    const chunks = sseJson<{ choices: { delta: { content?: string }; finish_reason: string | null }[] }>(
      text,
    );
    expect(chunks).toHaveLength(5); // role, a, b, finish, usage
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? null)).toEqual(['', 'a', 'b', null, null]);
    expect(chunks[3].choices[0].finish_reason).toBe('stop');
  });

  it('omits usage everywhere for usage: none and for streams that ignore include_usage', async () => {
    upstream.scenario('sk-nousage', { usage: 'none' });
    const json = await (await chat('sk-nousage')).json();
    expect(json.usage).toBeUndefined();
    const text = await (
      await chat('sk-nousage', { stream: true, stream_options: { include_usage: true } })
    ).text();
    expect(text).not.toContain('usage');

    upstream.scenario('sk-ignores', { streamUsage: 'never' });
    const ignored = await (
      await chat('sk-ignores', { stream: true, stream_options: { include_usage: true } })
    ).text();
    expect(ignored).not.toContain('"usage"');
  });

  it('can put usage on the finish chunk, as several compatible providers do', async () => {
    upstream.scenario('sk-finish', { streamUsage: 'with-finish-chunk', usage: { prompt: 1, completion: 1 } });
    const chunks = sseJson<{ choices: { finish_reason: string | null }[]; usage?: unknown }>(
      await (await chat('sk-finish', { stream: true })).text(),
    );
    const last = chunks.at(-1)!;
    expect(last.choices[0].finish_reason).toBe('stop');
    expect(last.usage).toMatchObject({ prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 });
  });

  it('splits content into chunkCount deltas and streams reasoning_content first', async () => {
    upstream.scenario('sk-r', { content: 'abcdef', chunkCount: 3, reasoningContent: 'think' });
    const chunks = sseJson<{ choices: { delta: Record<string, string> }[] }>(
      await (await chat('sk-r', { stream: true })).text(),
    );
    const deltas = chunks.map((c) => c.choices[0].delta);
    expect(deltas.filter((d) => 'reasoning_content' in d).map((d) => d.reasoning_content)).toEqual(['think']);
    expect(deltas.filter((d) => d.content).map((d) => d.content)).toEqual(['ab', 'cd', 'ef']);
  });

  it('sends a raw stream verbatim', async () => {
    const raw = ': comment\n\nevent: ping\ndata: {"x":1}\n\ndata: [DONE]\n\n';
    upstream.scenario('sk-raw', { rawStream: raw });
    expect(await (await chat('sk-raw', { stream: true })).text()).toBe(raw);
  });
});

describe('faults and timing', () => {
  it('breaks the socket after n chunks', async () => {
    upstream.scenario('sk-break', { content: 'one two three four', breakAfterChunks: 3 });
    const response = await chat('sk-break', { stream: true });
    expect(response.status).toBe(200);
    const { text, complete } = await readStream(response);
    expect(complete).toBe(false);
    expect(sseJson(text)).toHaveLength(3);
    expect(text).not.toContain('[DONE]');
    expect(upstream.requests.last()?.clientAborted).toBe(false);
  });

  it('cuts a non-streamed reply in half', async () => {
    upstream.scenario('sk-break-json', { breakAfterChunks: 0 });
    const response = await chat('sk-break-json');
    await expect(response.text()).rejects.toThrow();
  });

  it('hangs after n chunks with the connection open', async () => {
    upstream.scenario('sk-hang', { content: 'one two three', hangAfterChunks: 2 });
    const response = await chat('sk-hang', { stream: true });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (sseJson(text).length < 2) text += decoder.decode((await reader.read()).value);
    const next = await Promise.race([
      reader.read().then(() => 'data'),
      new Promise((resolve) => setTimeout(() => resolve('silence'), 200)),
    ]);
    expect(next).toBe('silence');
    // The gateway's idle timeout would give up here; the fake must notice the client leaving.
    await reader.cancel();
    await expect.poll(() => upstream.requests.last()?.clientAborted).toBe(true);
  });

  it('close() ends hanging streams', async () => {
    const own = await startFakeUpstream({ defaultScenario: { hangAfterChunks: 1 } });
    const response = await fetch(`${own.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...CHAT, stream: true }),
    });
    const reading = readStream(response);
    await own.close();
    const { text, complete } = await reading;
    expect(complete).toBe(false);
    expect(sseJson(text)).toHaveLength(1);
  });

  it('delays the headers and each chunk', async () => {
    upstream.scenario('sk-slow', { delayMs: 150, chunkDelayMs: 30, chunks: ['a', 'b'] });
    const started = Date.now();
    const response = await chat('sk-slow', { stream: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await response.text();
    // role, a, b, finish, [DONE]: five delayed events
    expect(Date.now() - started).toBeGreaterThanOrEqual(140 + 5 * 25);
  });

  it('drops the connection without a response', async () => {
    upstream.scenario('sk-drop', { dropConnection: true });
    await expect(chat('sk-drop')).rejects.toThrow();
  });
});
