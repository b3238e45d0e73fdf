import { describe, expect, it } from 'vitest';
import { plainFinish, plainMessages } from './plain-chat.js';

describe('plainMessages', () => {
  it('joins turns of the same role and gives tool calls and results as text', () => {
    expect(
      plainMessages([
        { role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
        {
          role: 'assistant',
          parts: [{ type: 'tool_call', id: 'c1', name: 'weather', arguments: '{"city":"SH"}' }],
        },
        { role: 'user', parts: [{ type: 'tool_result', callId: 'c1', content: 'sunny' }] },
        { role: 'user', parts: [{ type: 'text', text: 'and tomorrow?' }] },
      ]),
    ).toEqual([
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: 'weather({"city":"SH"})' },
      { role: 'user', content: 'sunny\nand tomorrow?' },
    ]);
  });

  it('drops images and earlier reasoning, and turns left empty', () => {
    expect(
      plainMessages([
        {
          role: 'user',
          parts: [
            { type: 'image', image: { url: 'https://x/y.png' } },
            { type: 'text', text: 'what is it?' },
          ],
        },
        { role: 'assistant', parts: [{ type: 'thinking', text: 'hmm' }] },
      ]),
    ).toEqual([{ role: 'user', content: 'what is it?' }]);
  });
});

describe('plainFinish', () => {
  it("reads Baidu's and Tencent's words", () => {
    expect(plainFinish('normal')).toBe('stop');
    expect(plainFinish('length')).toBe('length');
    expect(plainFinish('sensitive')).toBe('content_filter');
    expect(plainFinish(undefined)).toBe('stop');
  });
});
