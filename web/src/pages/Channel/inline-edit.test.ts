import { describe, expect, it } from 'vitest';
import { channelPriorityInput, channelWeightInput, tagPriorityInput, tagWeightInput } from './inline-edit';

describe('channel inline priority and weight (spec 2 §5)', () => {
  it('parses the priority as an integer, at least -999', () => {
    expect(channelPriorityInput('7')).toBe(7);
    expect(channelPriorityInput(' -20 ')).toBe(-20);
    expect(channelPriorityInput('3.9')).toBe(3);
    expect(channelPriorityInput('-1500')).toBe(-999);
  });

  it('turns a negative weight into 0', () => {
    expect(channelWeightInput('12')).toBe(12);
    expect(channelWeightInput('-5')).toBe(0);
  });

  it('saves nothing for blank or non-numeric input', () => {
    expect(channelPriorityInput('')).toBeNull();
    expect(channelPriorityInput('abc')).toBeNull();
    expect(channelWeightInput(' ')).toBeNull();
  });
});

describe('tag-level priority and weight', () => {
  it('needs an integer priority ("优先级必须是整数！")', () => {
    expect(tagPriorityInput('4')).toEqual({ value: 4 });
    expect(tagPriorityInput('-3')).toEqual({ value: -3 });
    expect(tagPriorityInput('1.5')).toEqual({ error: 'priorityInteger' });
    expect(tagPriorityInput('x')).toEqual({ error: 'priorityInteger' });
    expect(tagPriorityInput('-1000')).toEqual({ error: 'priorityMin' });
  });

  it('needs a non-negative integer weight ("权重必须是非负整数！")', () => {
    expect(tagWeightInput('0')).toEqual({ value: 0 });
    expect(tagWeightInput('-1')).toEqual({ error: 'weightNonNegative' });
    expect(tagWeightInput('2.5')).toEqual({ error: 'weightNonNegative' });
  });

  it('treats blank as no change', () => {
    expect(tagPriorityInput('  ')).toBeNull();
    expect(tagWeightInput('')).toBeNull();
  });
});
