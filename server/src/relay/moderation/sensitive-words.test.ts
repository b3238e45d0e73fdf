import { describe, expect, it } from 'vitest';
import { promptTexts, WordMatcher } from './sensitive-words.js';

describe('WordMatcher', () => {
  it('finds any word case-insensitively, in any of the texts', () => {
    const matcher = new WordMatcher(['Forbidden', '  秘密 ', '', 'bad word', 'forbidden']);
    expect(matcher.firstHit(['all fine', 'this is FORBIDDEN stuff'])).toBe('forbidden');
    expect(matcher.firstHit(['关于秘密的事'])).toBe('秘密');
    expect(matcher.firstHit(['a BAD WORD here'])).toBe('bad word');
    expect(matcher.firstHit(['bad, word', ''])).toBeNull();
  });

  it('scans thousands of words in one pass', () => {
    const matcher = new WordMatcher(Array.from({ length: 5000 }, (_, i) => `word${i}x`));
    expect(matcher.firstHit([`${'lorem ipsum '.repeat(2000)} word4999x`])).toBe('word4999x');
    expect(matcher.firstHit(['word5000x'])).toBeNull();
  });

  it('has nothing to find in an empty list', () => {
    expect(new WordMatcher([]).firstHit(['anything'])).toBeNull();
  });
});

describe('promptTexts', () => {
  it('reads chat and Messages contents, system prompts, prompts and inputs, skipping images', () => {
    expect(
      promptTexts({
        system: [{ type: 'text', text: 'sys' }],
        messages: [
          { role: 'user', content: 'hello' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'look' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            ],
          },
        ],
      }),
    ).toEqual(['hello', 'look', 'sys']);
    expect(promptTexts({ prompt: ['a', 'b'], input: 'c' })).toEqual(['a', 'b', 'c']);
    // Responses: instructions and the texts of input items.
    expect(
      promptTexts({
        instructions: 'sys',
        input: [
          { role: 'user', content: 'hi' },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'there' }] },
          { type: 'function_call_output', call_id: 'c', output: 'tool says' },
        ],
      }),
    ).toEqual(['hi', 'there', 'sys']);
    expect(promptTexts({ input: [[1, 2, 3]] })).toEqual([]);
    expect(promptTexts(null)).toEqual([]);
  });
});
