import { describe, expect, it } from 'vitest';
import { inlineReasoning, StreamReasoningInliner } from './thinking-to-content.js';

const chunk = (delta: Record<string, unknown>) =>
  JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta }],
  });
const content = (data: string) =>
  (JSON.parse(data) as { choices: Array<{ delta: { content?: string } }> }).choices[0]!.delta;

describe('thinking_to_content', () => {
  it('moves a whole answer’s reasoning into <think> tags', () => {
    const json = { choices: [{ message: { content: 'answer', reasoning_content: 'thoughts' } }] };
    expect(inlineReasoning(json)).toBe(true);
    expect(json.choices[0]!.message).toEqual({ content: '<think>\nthoughts\n</think>\nanswer' });
    expect(inlineReasoning({ choices: [{ message: { content: 'plain' } }] })).toBe(false);
  });

  it('opens <think> on the first reasoning delta and closes it on the first answer delta', () => {
    const inliner = new StreamReasoningInliner();
    expect(content(inliner.transform(chunk({ reasoning_content: 'a' })))).toEqual({ content: '<think>\na' });
    expect(content(inliner.transform(chunk({ reasoning_content: 'b' })))).toEqual({ content: 'b' });
    expect(content(inliner.transform(chunk({ content: 'answer' })))).toEqual({
      content: '\n</think>\nanswer',
    });
    const untouched = chunk({ content: 'more' });
    expect(inliner.transform(untouched)).toBe(untouched);
    expect(inliner.close()).toBeNull();
  });

  it('closes a think block the stream never closed', () => {
    const inliner = new StreamReasoningInliner();
    inliner.transform(chunk({ reasoning: 'only thinking' }));
    expect(content(inliner.close()!)).toEqual({ content: '\n</think>\n' });
  });
});
