import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { addChannel, addToken, expectSingleCharge, relayMatrix, testDbKind } from '@gateway/test-support';

/**
 * OpenAI clients' reasoning effort on Claude and Gemini channels: Claude thinks with a budget of
 * max_tokens × claude.thinking_adapter_budget_tokens_percentage (0.5 here), Gemini with a budget
 * per level; the thinking comes back as reasoning_content. Prices: think-m ratio 1, completion 2.
 */
describe.skipIf(testDbKind() !== 'sqlite')('reasoning effort through the hub', () => {
  const START = 1_000_000;
  const MODEL = 'think-m';
  const m = relayMatrix({
    options: {
      ModelRatio: JSON.stringify({ [MODEL]: 1 }),
      CompletionRatio: JSON.stringify({ [MODEL]: 2 }),
      'claude.thinking_adapter_budget_tokens_percentage': '0.5',
      RetryTimes: '0',
    },
    startQuota: START,
    userPrefix: 'effort',
  });
  const openai = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${m.gw.url}/v1`, maxRetries: 0 });

  async function setup(type: 14 | 24) {
    const key = `key-${type}`;
    m.upstream.scenario(key, {
      content: 'forty-two',
      reasoningContent: 'let me think',
      usage: { prompt: 10, completion: 6 },
    });
    const channelId = await addChannel(m.gw, { type, key, baseUrl: m.upstream.url, models: [MODEL] });
    const token = await addToken(m.gw, m.userId, { remainQuota: 100_000 });
    return { channelId, token };
  }

  it('chat reasoning_effort on a Claude channel: extended thinking, reasoning_content back', async () => {
    const { channelId, token } = await setup(14);
    const res = await openai(token.apiKey).chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'the answer?' }],
      max_tokens: 4000,
      temperature: 0.3,
      reasoning_effort: 'high',
    });
    expect(res.choices[0]!.message.content).toBe('forty-two');
    expect((res.choices[0]!.message as { reasoning_content?: string }).reasoning_content).toBe(
      'let me think',
    );
    const seen = m.upstream.requests.last()!;
    expect(seen.route).toBe('anthropic.messages');
    expect(seen.body).toMatchObject({
      max_tokens: 4000,
      temperature: 1,
      thinking: { type: 'enabled', budget_tokens: 2000 },
    });
    expect(seen.body).not.toHaveProperty('reasoning_effort');
    // (10 + 6 × 2) × 1
    await expectSingleCharge(m, {
      startQuota: START,
      tokenStart: 100_000,
      channelId,
      tokenId: token.id,
      quota: 22,
      prompt: 10,
      completion: 6,
      stream: false,
    });
  });

  it('Responses reasoning.effort on a Gemini channel: thinkingConfig with the level’s budget', async () => {
    const { token } = await setup(24);
    const res = await openai(token.apiKey).responses.create({
      model: MODEL,
      input: 'the answer?',
      reasoning: { effort: 'low' },
    });
    expect(res.output_text).toBe('forty-two');
    const seen = m.upstream.requests.last()!;
    expect(seen.route).toBe('gemini.generate');
    expect((seen.body as { generationConfig?: unknown }).generationConfig).toMatchObject({
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    });
  });

  it('chat reasoning_effort on a Gemini channel, streamed: the thoughts arrive as reasoning_content', async () => {
    const { token } = await setup(24);
    const stream = await openai(token.apiKey).chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'the answer?' }],
      reasoning_effort: 'medium',
      stream: true,
    });
    let reasoning = '';
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
      reasoning += delta?.reasoning_content ?? '';
      text += delta?.content ?? '';
    }
    expect(reasoning).toBe('let me think');
    expect(text).toBe('forty-two');
    expect(
      (m.upstream.requests.last()!.body as { generationConfig?: unknown }).generationConfig,
    ).toMatchObject({
      thinkingConfig: { thinkingBudget: 8192, includeThoughts: true },
    });
  });
});
