/**
 * Conversions between ratios and prices (spec 1 §9, spec 2 §9): model ratio 1 is $2 per 1M input
 * tokens, and the completion ratio is output price ÷ input price.
 */

/** USD per 1M input tokens that model ratio 1 stands for. */
export const USD_PER_MILLION_AT_RATIO_1 = 2;

/** Removes float noise (0.1 × 3 = 0.30000000000000004) so converted values read as typed. */
export function clean(n: number): number {
  return Number(n.toPrecision(12));
}

export function ratioToInputPrice(ratio: number): number {
  return clean(ratio * USD_PER_MILLION_AT_RATIO_1);
}

export function inputPriceToRatio(price: number): number {
  return clean(price / USD_PER_MILLION_AT_RATIO_1);
}

export function outputPrice(ratio: number, completionRatio: number): number {
  return clean(ratio * USD_PER_MILLION_AT_RATIO_1 * completionRatio);
}

/** Output ÷ input; undefined when the input price is 0 (no ratio can express it). */
export function completionRatioFromPrices(input: number, output: number): number | undefined {
  return input > 0 ? clean(output / input) : undefined;
}

export type RatioTagColor = 'red' | 'orange' | 'blue' | 'green';

/** The tag colour of a ratio: above 5 red, above 3 orange, above 1 blue, else green. */
export function ratioTagColor(ratio: number): RatioTagColor {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}

/**
 * Whether a text box may hold this while typing: empty, or a non-negative decimal, possibly
 * unfinished ("1."). Prices and ratios are never negative, so "-" is refused at once.
 */
export function isNumberInput(text: string): boolean {
  return /^(\d+\.?\d*|\.\d*)?$/.test(text.trim());
}

/** The number in a finished text box, or undefined when it is empty or not a number. */
export function readNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** A number as a text box shows it. */
export function numberText(n: number | undefined): string {
  return n === undefined ? '' : String(clean(n));
}

/** "$2.5" style: dollars without trailing zeros, at most 6 decimals. */
export function formatUsd(n: number): string {
  return `$${Number(n.toFixed(6))}`;
}
