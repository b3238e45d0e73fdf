import { CHANNEL_PRIORITY_MIN } from '@gateway/contract';

/**
 * Rules of the inline priority and weight inputs (spec 2 §5, channel inline edit). A result of
 * null means "nothing to save" (blank or not a number: the input goes back to the stored value).
 */

const integerPart = (text: string): number | null => {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? null : value;
};

/** A channel's priority: an integer, at least -999 (lower input is raised to -999). */
export function channelPriorityInput(text: string): number | null {
  const value = integerPart(text);
  return value === null ? null : Math.max(CHANNEL_PRIORITY_MIN, value);
}

/** A channel's weight: an integer; a negative weight becomes 0. */
export function channelWeightInput(text: string): number | null {
  const value = integerPart(text);
  return value === null ? null : Math.max(0, value);
}

export type TagNumberResult =
  { value: number } | { error: 'priorityInteger' | 'priorityMin' | 'weightNonNegative' } | null;

const isIntegerText = (text: string) => /^[+-]?\d+$/.test(text);

/**
 * A tag's priority, written to every channel of the tag: it must be an integer
 * ("优先级必须是整数！"). Blank means no change.
 */
export function tagPriorityInput(text: string): TagNumberResult {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!isIntegerText(trimmed)) return { error: 'priorityInteger' };
  const value = Number(trimmed);
  return value < CHANNEL_PRIORITY_MIN ? { error: 'priorityMin' } : { value };
}

/** A tag's weight: a non-negative integer ("权重必须是非负整数！"). Blank means no change. */
export function tagWeightInput(text: string): TagNumberResult {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!isIntegerText(trimmed) || Number(trimmed) < 0) return { error: 'weightNonNegative' };
  return { value: Number(trimmed) };
}
