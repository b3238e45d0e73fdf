import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addChannel,
  addToken,
  apiError,
  balances,
  consumeLogs,
  expectSingleCharge,
  relayMatrix,
  testDbKind,
  type ScenarioSpec,
} from '@gateway/test-support';
import { countChatPrompt, countText } from '../src/relay/billing/token-count.js';

/**
 * Chat upstreams that neither stream nor report usage: PaLM 2 (type 11, generateMessage) and
 * AIProxy's knowledge base (type 21, /api/library/ask). Both are counted locally; a streaming
 * client gets the whole answer as one stream. Prices: ratio 2, completion ratio 3.
 */
describe.skipIf(testDbKind() !== 'sqlite')('PaLM and knowledge-base chat channels', () => {
  const START = 1_000_000;
  const TOKEN_START = 500_000;
  const MODELS = ['PaLM-2', 'kb-model'];
  const m = relayMatrix({
    startQuota: START,
    userPrefix: 'chatnat',
    options: {
      ModelRatio: JSON.stringify({ 'PaLM-2': 2, 'kb-model': 2 }),
      CompletionRatio: JSON.stringify({ 'PaLM-2': 3, 'kb-model': 3 }),
      RetryTimes: '0',
    },
  });
  let token: { id: number; apiKey: string };
  beforeEach(async () => {
    token = await addToken(m.gw, m.userId, { remainQuota: TOKEN_START });
  });

  const openai = () => new OpenAI({ apiKey: token.apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });
  const anthropic = () => new Anthropic({ apiKey: token.apiKey, baseURL: m.gw.url, maxRetries: 0 });
  async function channel(type: 11 | 21, key: string, spec?: ScenarioSpec, other = '') {
    if (spec) m.upstream.scenario(key, spec);
    return addChannel(m.gw, { type, key, baseUrl: m.upstream.url, models: MODELS, other });
  }
  /** Charged exactly once, on counts made locally from the prompt and the produced text. */
  async function chargedLocally(
    channelId: number,
    model: string,
    messages: OpenAI.ChatCompletionMessageParam[],
    produced: string,
    stream: boolean,
  ) {
    const prompt = await countChatPrompt(messages, model);
    const completion = await countText(produced, model);
    const other = await expectSingleCharge(m, {
      startQuota: START,
      tokenStart: TOKEN_START,
      channelId,
      tokenId: token.id,
      quota: (prompt + completion * 3) * 2,
      prompt,
      completion,
      stream,
    });
    expect(other.usage_counted_locally).toBe(true);
    return { prompt, completion };
  }
  async function expectFree() {
    const b = await balances(m.gw, m.userId, token.id);
    expect(b.user).toMatchObject({ quota: START, used_quota: 0 });
    expect(b.token).toEqual({ remain_quota: TOKEN_START, used_quota: 0 });
    expect(await consumeLogs(m.gw, m.userId)).toHaveLength(0);
  }

  const CONVERSATION: OpenAI.ChatCompletionMessageParam[] = [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'hello' },
    { role: 'user', content: 'how are you?' },
  ];

  it('PaLM: a chat call becomes generateMessage, answered and billed on local counts', async () => {
    const id = await channel(11, 'palm-key', { content: 'Fine, thanks.' });
    const res = await openai().chat.completions.create({
      model: 'PaLM-2',
      messages: CONVERSATION,
      temperature: 0.2,
    });
    expect(res.choices[0]!.message.content).toBe('Fine, thanks.');
    expect(res.model).toBe('PaLM-2');
    const seen = m.upstream.requests.last()!;
    expect(seen).toMatchObject({
      route: 'palm.generate-message',
      path: '/v1beta2/models/chat-bison-001:generateMessage',
    });
    expect(seen.query.key).toBe('palm-key');
    expect(seen.body).toEqual({
      prompt: {
        context: 'be brief',
        messages: [
          { author: '0', content: 'hi' },
          { author: '1', content: 'hello' },
          { author: '0', content: 'how are you?' },
        ],
      },
      candidateCount: 1,
      temperature: 0.2,
    });
    await chargedLocally(id, 'PaLM-2', CONVERSATION, 'Fine, thanks.', false);
  });

  it('PaLM: a streaming client gets the whole answer as one stream, with the local usage', async () => {
    const id = await channel(11, 'palm-stream', { content: 'All in one piece.' });
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'stream please' }];
    const stream = await openai().chat.completions.create({
      model: 'PaLM-2',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    const finishes: (string | null)[] = [];
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        text += choice.delta.content ?? '';
        finishes.push(choice.finish_reason);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('All in one piece.');
    expect(finishes).toEqual([null, 'stop']);
    // PaLM was asked without any stream flag: it has none.
    expect(m.upstream.requests.last()!.body).not.toHaveProperty('stream');
    const counts = await chargedLocally(id, 'PaLM-2', messages, 'All in one piece.', true);
    expect(usage).toMatchObject({ prompt_tokens: counts.prompt, completion_tokens: counts.completion });
  });

  it('PaLM: Anthropic Messages clients reach it through the hub, streamed', async () => {
    await channel(11, 'palm-claude', { content: 'Bonjour.' });
    const message = await anthropic()
      .messages.stream({ model: 'PaLM-2', max_tokens: 50, messages: [{ role: 'user', content: 'salut' }] })
      .finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Bonjour.' })]);
    expect(m.upstream.requests.last()!.body).toMatchObject({
      prompt: { messages: [{ author: '0', content: 'salut' }] },
    });
  });

  it('PaLM: a filtered prompt (no candidates) fails before any output, streamed or not, free', async () => {
    await channel(11, 'palm-filtered', { finishReason: 'filtered' });
    const plain = await apiError(
      openai().chat.completions.create({ model: 'PaLM-2', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(plain.status).toBe(500);
    expect(plain.message).toContain('No candidates returned');
    const streamed = await apiError(
      openai().chat.completions.create({
        model: 'PaLM-2',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      }),
    );
    expect(streamed.status).toBe(500);
    expect(streamed.message).toContain('No candidates returned');
    await expectFree();
  });

  it("PaLM: Google's error body is mapped, free", async () => {
    await channel(11, 'palm-busy', { error: { status: 429, message: 'Resource has been exhausted' } });
    const err = await apiError(
      openai().chat.completions.create({ model: 'PaLM-2', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(err.status).toBe(429);
    expect(err.error).toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
    await expectFree();
  });

  const DOCS = (library: string) => `\n\n参考文档：\n1. [${library} 手册](https://docs.example/${library})\n`;

  it('knowledge base: the last question goes to the library in `other`, the answer cites its documents', async () => {
    const id = await channel(21, 'kb-key', { content: 'Use the reset link.' }, 'lib-7');
    const res = await openai().chat.completions.create({ model: 'kb-model', messages: CONVERSATION });
    const answer = `Use the reset link.${DOCS('lib-7')}`;
    expect(res.choices[0]!.message.content).toBe(answer);
    const seen = m.upstream.requests.last()!;
    expect(seen.route).toBe('aiproxy-library.ask');
    expect(seen.headers['api-key']).toBe('kb-key');
    expect(seen.body).toEqual({
      model: 'kb-model',
      query: 'how are you?',
      library_id: 'lib-7',
      stream: false,
    });
    await chargedLocally(id, 'kb-model', CONVERSATION, answer, false);
  });

  it('knowledge base: streamed as one answer to a streaming client', async () => {
    const id = await channel(21, 'kb-stream', { content: 'Streamed.' }, 'lib-8');
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'q' }];
    const stream = await openai().chat.completions.create({ model: 'kb-model', messages, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(`Streamed.${DOCS('lib-8')}`);
    await chargedLocally(id, 'kb-model', messages, text, true);
  });

  it('knowledge base: success:false inside a 200 is an error, free', async () => {
    // No library id on the channel: the service refuses with ErrCode and Message.
    await channel(21, 'kb-nolib', { content: 'unused' }, '');
    const err = await apiError(
      openai().chat.completions.create({ model: 'kb-model', messages: [{ role: 'user', content: 'q' }] }),
    );
    expect(err.status).toBe(500);
    expect(err.error).toMatchObject({ code: '10001' });
    expect(err.message).toContain('library_id 不能为空');
    await expectFree();
  });

  it('tests PaLM and knowledge-base channels with a real chat call', async () => {
    const palm = await channel(11, 'palm-test');
    const kb = await channel(21, 'kb-test', undefined, 'lib-1');
    for (const [id, model] of [
      [palm, 'PaLM-2'],
      [kb, 'kb-model'],
    ] as const) {
      const res = await m.root.get<unknown>(`/api/channel/test/${id}?model=${model}`);
      expect(res.body.success, res.body.message).toBe(true);
    }
    expect(m.upstream.requests.all().map((r) => r.route)).toEqual([
      'palm.generate-message',
      'aiproxy-library.ask',
    ]);
  });
});
