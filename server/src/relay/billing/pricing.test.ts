import { describe, expect, it } from 'vitest';
import { builtinAudioRatio } from './audio-ratio.js';
import { deliveredImageQuota, deliveredImages } from './media-pricing.js';
import { chargeQuota, holdQuota, roundQuota, type Price } from './pricing.js';

const ratio = (over: Partial<Price> = {}): Price => ({
  usePrice: false,
  modelPrice: 0,
  modelRatio: 2,
  completionRatio: 3,
  cacheRatio: 0.5,
  cacheCreationRatio: 1.25,
  audioRatio: 8,
  audioCompletionRatio: 2,
  groupRatio: 1,
  quotaPerUnit: 500_000,
  ...over,
});
const usage = (
  promptTokens: number,
  completionTokens: number,
  cachedTokens = 0,
  cacheCreationTokens = 0,
) => ({
  promptTokens,
  completionTokens,
  cachedTokens,
  cacheCreationTokens,
});

describe('quota formulas', () => {
  it('charges prompt + completion × completion ratio, times model and group ratios', () => {
    expect(chargeQuota(ratio(), usage(100, 50))).toBe(500);
    expect(chargeQuota(ratio({ groupRatio: 1.5 }), usage(101, 33))).toBe(600);
  });

  it('charges cached tokens at the cache ratio and cache writes at the creation ratio', () => {
    expect(chargeQuota(ratio(), usage(1000, 100, 600))).toBe(2000);
    // 100 plain + 200 × 1.25 written + 50 completion × 3 = 500, × 2
    expect(chargeQuota(ratio(), usage(300, 50, 0, 200))).toBe(1000);
  });

  it('charges audio tokens at the audio ratio, audio output twice that, and the text rest as text', () => {
    // 1000 prompt = 100 cached + 600 audio + 300 text; 200 completion = 150 audio + 50 text.
    const u = { ...usage(1000, 200, 100), audioPromptTokens: 600, audioCompletionTokens: 150 };
    // (300 + 100 × 0.5 + 50 × 3 + 600 × 8 + 150 × 8 × 2) × 2 = (300 + 50 + 150 + 4800 + 2400) × 2
    expect(chargeQuota(ratio(), u)).toBe(15_400);
    // Without an audio part nothing changes.
    expect(chargeQuota(ratio(), usage(1000, 200, 100))).toBe((900 + 50 + 600) * 2);
  });

  it("knows OpenAI's audio price ratios by model family", () => {
    expect(builtinAudioRatio('gpt-4o-realtime-preview-2024-12-17')).toBe(8);
    expect(builtinAudioRatio('gpt-4o-realtime-preview')).toBe(20);
    expect(builtinAudioRatio('gpt-4o-mini-realtime-preview')).toBeCloseTo(16.6667, 3);
    expect(builtinAudioRatio('gpt-4o-audio-preview-2024-12-17')).toBe(16);
    expect(builtinAudioRatio('gpt-4o-mini-audio-preview')).toBeCloseTo(66.6667, 3);
    expect(builtinAudioRatio('gpt-4o-audio-preview')).toBe(40);
  });

  it('charges at least 1 when tokens were used on a paid model, 0 for free models', () => {
    expect(chargeQuota(ratio({ modelRatio: 0.0001 }), usage(1, 0))).toBe(1);
    expect(chargeQuota(ratio({ modelRatio: 0 }), usage(1000, 1000))).toBe(0);
    expect(chargeQuota(ratio(), usage(0, 0))).toBe(0);
  });

  it('rounds half away from zero despite float noise', () => {
    expect(roundQuota(2.5)).toBe(3);
    expect(roundQuota(0.1 * 3 * 5)).toBe(2); // 1.5000000000000002
    expect(roundQuota(1.4999999999999998)).toBe(2);
    expect(roundQuota(-2.5)).toBe(-3);
    // 0.075 × 1000 = 75.00000000000001 must not round up
    expect(chargeQuota(ratio({ modelRatio: 0.075, completionRatio: 1 }), usage(1000, 0))).toBe(75);
  });

  it('charges a fixed price per call whatever the tokens', () => {
    const fixed = ratio({ usePrice: true, modelPrice: 0.04, modelRatio: 0 });
    expect(chargeQuota(fixed, usage(0, 0))).toBe(20_000);
    expect(chargeQuota({ ...fixed, groupRatio: 1.5 }, usage(5, 5))).toBe(30_000);
  });

  it('holds the prompt plus max_tokens (or PreConsumedQuota) at the completion ratio', () => {
    expect(holdQuota(ratio(), 10, 100, 500)).toBe((10 + 100 * 3) * 2);
    expect(holdQuota(ratio(), 10, 0, 500)).toBe((10 + 500 * 3) * 2);
    expect(holdQuota(ratio({ usePrice: true, modelPrice: 0.01 }), 10, 0, 500)).toBe(5000);
  });
});

describe('images delivered', () => {
  it('counts the data list of an images answer, and pays for the images made', () => {
    expect(deliveredImages(Buffer.from('{"created":1,"data":[{"url":"a"},{"url":"b"}]}'))).toBe(2);
    expect(deliveredImages(Buffer.from('{"created":1}'))).toBeNull();
    expect(deliveredImages(Buffer.from('not json'))).toBeNull();
    expect(deliveredImageQuota(30_000, 3, 1)).toBe(10_000);
    expect(deliveredImageQuota(10_000, 3, 2)).toBe(6_667);
    expect(deliveredImageQuota(30_000, 3, 3)).toBe(30_000);
    // Never more than the price of what was asked, nor anything from an uncountable answer.
    expect(deliveredImageQuota(30_000, 3, 5)).toBe(30_000);
    expect(deliveredImageQuota(30_000, 3, null)).toBe(30_000);
  });
});
