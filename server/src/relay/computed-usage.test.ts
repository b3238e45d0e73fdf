import { describe, expect, it } from 'vitest';
import { withComputedUsage } from './computed-usage.js';

const usage = { promptTokens: 9, completionTokens: 2, cachedTokens: 0, cacheCreationTokens: 0 };
const json = (b: Buffer | null) => JSON.parse(b!.toString('utf8')) as Record<string, unknown>;

describe('computed usage in the client format', () => {
  it('OpenAI chat and completions: prompt, completion and total', () => {
    const body = Buffer.from(JSON.stringify({ id: 'x', choices: [] }));
    expect(json(withComputedUsage('chat', body, usage))).toEqual({
      id: 'x',
      choices: [],
      usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
    });
    expect(json(withComputedUsage('completions', body, usage)).usage).toEqual({
      prompt_tokens: 9,
      completion_tokens: 2,
      total_tokens: 11,
    });
  });

  it('embeddings: prompt and total only, as OpenAI answers', () => {
    const body = Buffer.from('{"data":[]}');
    expect(json(withComputedUsage('embeddings', body, usage)).usage).toEqual({
      prompt_tokens: 9,
      total_tokens: 9,
    });
  });

  it('Responses, Messages and Gemini in their own fields', () => {
    const body = Buffer.from('{}');
    expect(json(withComputedUsage('responses', body, usage)).usage).toEqual({
      input_tokens: 9,
      output_tokens: 2,
      total_tokens: 11,
    });
    expect(json(withComputedUsage('messages', body, usage)).usage).toEqual({
      input_tokens: 9,
      output_tokens: 2,
    });
    expect(json(withComputedUsage('gemini', body, usage)).usageMetadata).toEqual({
      promptTokenCount: 9,
      candidatesTokenCount: 2,
      totalTokenCount: 11,
    });
  });

  it('leaves alone what has no usage field or is not a JSON object', () => {
    expect(withComputedUsage('speech', Buffer.from('ID3'), usage)).toBeNull();
    expect(withComputedUsage('transcription', Buffer.from('hello'), usage)).toBeNull();
    expect(withComputedUsage('gemini-embed', Buffer.from('{}'), usage)).toBeNull();
    expect(withComputedUsage('chat', Buffer.from('{not json'), usage)).toBeNull();
  });
});
