import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from '@douyinfe/semi-ui-19';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { MEMBER, renderApp } from '../../test/render-app';
import { PLAYGROUND_MESSAGES_KEY } from './playground-messages';

afterEach(() => {
  vi.unstubAllGlobals();
  Toast.destroyAll();
});
beforeEach(() => localStorage.clear());

const sse = (...events: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const e of events) controller.enqueue(new TextEncoder().encode(e));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** The fake API plus a /pg/chat/completions that answers with `reply` and records the bodies. */
function playgroundServer(reply: () => Response) {
  const server = fakeServer();
  server.reply('GET', '/api/user/models', ok(['gpt-4o-mini', 'claude-3-haiku']));
  server.reply('GET', '/api/user/self/groups', ok({ default: { desc: '默认分组', ratio: 1 } }));
  const api = globalThis.fetch;
  const bodies: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (String(input).startsWith('/pg/chat/completions')) {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return reply();
      }
      return api(input, init);
    }),
  );
  return { server, bodies };
}

/** The page is loaded on demand (a separate chunk), which can take a moment on a busy machine. */
const LOAD = { timeout: 15_000 };

async function ask(text: string) {
  const box = await screen.findByPlaceholderText('输入消息，Enter 发送，Shift+Enter 换行', {}, LOAD);
  await userEvent.type(box, `${text}{Enter}`);
}

describe('playground', { timeout: 30_000 }, () => {
  it('opens with a greeting and streams an answer to the end marker, billed through /pg', async () => {
    const { server, bodies } = playgroundServer(() =>
      sse(delta('Hel'), delta('lo there'), 'data: [DONE]\n\n'),
    );
    renderApp('/playground', server, { user: MEMBER });
    expect(await screen.findByText('你好，请问有什么可以帮助您的吗？', {}, LOAD)).toBeTruthy();
    await ask('Say hello');
    expect(await screen.findByText('Hello there')).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      model: 'gpt-4o-mini',
      group: 'default',
      stream: true,
      temperature: 0,
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: '你好' },
        { role: 'assistant', content: '你好，请问有什么可以帮助您的吗？' },
        { role: 'user', content: 'Say hello' },
      ],
    });
    expect(bodies[0]).not.toHaveProperty('max_tokens');
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem(PLAYGROUND_MESSAGES_KEY) ?? '[]') as Array<{
        content: string;
        status: string;
      }>;
      expect(stored.at(-1)).toMatchObject({ content: 'Hello there', status: 'complete' });
    });
  });

  it('appends the error to the answer and marks it failed', async () => {
    const { server } = playgroundServer(() =>
      sse(delta('Partial'), `data: ${JSON.stringify({ error: { message: '上游中断' } })}\n\n`),
    );
    renderApp('/playground', server, { user: MEMBER });
    await ask('break please');
    expect(await screen.findByText(/Partial\s+上游中断/)).toBeTruthy();
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem(PLAYGROUND_MESSAGES_KEY) ?? '[]') as Array<{
        content: string;
        status: string;
      }>;
      expect(stored.at(-1)).toMatchObject({ content: 'Partial\n\n上游中断', status: 'error' });
    });
  });

  it('shows a refused request’s message as the failed answer', async () => {
    const { server } = playgroundServer(
      () =>
        new Response(JSON.stringify({ error: { message: '当前分组 default 下对于模型 x 无可用渠道' } }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderApp('/playground', server, { user: MEMBER });
    await ask('anyone?');
    expect(await screen.findByText('当前分组 default 下对于模型 x 无可用渠道')).toBeTruthy();
  });

  it('says when the stored chat cannot be read, and starts afresh', async () => {
    localStorage.setItem(PLAYGROUND_MESSAGES_KEY, '{broken');
    const { server } = playgroundServer(() => sse('data: [DONE]\n\n'));
    renderApp('/playground', server, { user: MEMBER });
    expect(await screen.findByText('聊天数据解析失败', {}, LOAD)).toBeTruthy();
    expect(await screen.findByText('你好，请问有什么可以帮助您的吗？')).toBeTruthy();
  });

  it('shows the not-signed-in error for ?expired and speaks English', async () => {
    const { server } = playgroundServer(() => sse('data: [DONE]\n\n'));
    renderApp('/playground?expired=true', server, { user: MEMBER, language: 'en' });
    expect(
      await screen.findByText('Not signed in or the session expired, please sign in again!', {}, LOAD),
    ).toBeTruthy();
    expect(await screen.findByText('Model settings')).toBeTruthy();
  });
});
