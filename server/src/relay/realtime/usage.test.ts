import { describe, expect, it } from 'vitest';
import { addUsage, realtimeUsage } from './usage.js';

describe('realtime usage', () => {
  it('reads response.done usage (input includes cached, text and audio alike) and ignores the rest', () => {
    const done = JSON.stringify({
      type: 'response.done',
      response: {
        usage: {
          total_tokens: 150,
          input_tokens: 120,
          output_tokens: 30,
          input_token_details: { cached_tokens: 64, text_tokens: 20, audio_tokens: 100 },
          output_token_details: { text_tokens: 10, audio_tokens: 20 },
        },
      },
    });
    expect(realtimeUsage(done)).toEqual({
      promptTokens: 120,
      completionTokens: 30,
      cachedTokens: 64,
      cacheCreationTokens: 0,
      audioPromptTokens: 100,
      audioCompletionTokens: 20,
    });
    expect(realtimeUsage('{"type":"response.audio.delta","delta":"AAAA"}')).toBeNull();
    expect(realtimeUsage('{"type":"response.done","response":{"usage":null}}')).toBeNull();
    expect(realtimeUsage('{"type":"response.done", broken')).toBeNull();
  });

  it('sums the responses of a session', () => {
    const one = { promptTokens: 10, completionTokens: 2, cachedTokens: 4, cacheCreationTokens: 0 };
    expect(addUsage(one, one)).toEqual({
      promptTokens: 20,
      completionTokens: 4,
      cachedTokens: 8,
      cacheCreationTokens: 0,
      audioPromptTokens: 0,
      audioCompletionTokens: 0,
    });
    const audio = { ...one, audioPromptTokens: 6, audioCompletionTokens: 1 };
    expect(addUsage(one, audio)).toMatchObject({ audioPromptTokens: 6, audioCompletionTokens: 1 });
  });
});
