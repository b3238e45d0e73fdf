import { isNumberInput, readNumber } from './price-math';
import { applyPricing, type PriceMaps } from './price-maps';

/** What an operator typed for one unpriced model; empty strings mean "not set". */
export interface UnsetEntry {
  price: string;
  ratio: string;
  completionRatio: string;
}

export type UnsetField = keyof UnsetEntry;
export type UnsetDraft = Record<string, UnsetEntry>;

export const EMPTY_ENTRY: UnsetEntry = { price: '', ratio: '', completionRatio: '' };

export function entryOf(draft: UnsetDraft, name: string): UnsetEntry {
  return draft[name] ?? EMPTY_ENTRY;
}

/**
 * One inline edit; undefined when the text is not a number ("请输入数字"). A fixed price clears
 * the ratios (the relay would ignore them), and ratio boxes stay unchanged while a price is set.
 */
export function editEntry(
  draft: UnsetDraft,
  name: string,
  field: UnsetField,
  text: string,
): UnsetDraft | undefined {
  if (!isNumberInput(text)) return undefined;
  const entry = entryOf(draft, name);
  if (field !== 'price' && entry.price.trim() !== '') return draft;
  const next: UnsetEntry =
    field === 'price' && text.trim() !== ''
      ? { price: text, ratio: '', completionRatio: '' }
      : { ...entry, [field]: text };
  return { ...draft, [name]: next };
}

export type BatchType = 'price' | 'ratio' | 'completionRatio' | 'bothRatio';

export interface BatchInput {
  type: BatchType;
  /** The fill value for a single kind. */
  value: string;
  /** Both ratios at once. */
  ratio: string;
  completionRatio: string;
}

export type BatchProblem = 'needSelection' | 'needValue' | 'invalidNumber' | 'needBoth';

const validNumber = (text: string) => readNumber(text) !== undefined;

/** Fills the selected models (spec 2 §5 batch rules, checked in the spec's order). */
export function batchFill(
  draft: UnsetDraft,
  selected: readonly string[],
  input: BatchInput,
): { problem: BatchProblem } | { draft: UnsetDraft } {
  if (selected.length === 0) return { problem: 'needSelection' };
  if (input.type === 'bothRatio') {
    if (input.ratio.trim() === '' || input.completionRatio.trim() === '') return { problem: 'needBoth' };
    if (!validNumber(input.ratio) || !validNumber(input.completionRatio)) return { problem: 'invalidNumber' };
  } else {
    if (input.value.trim() === '') return { problem: 'needValue' };
    if (!validNumber(input.value)) return { problem: 'invalidNumber' };
  }
  const next = { ...draft };
  for (const name of selected) {
    const entry = entryOf(draft, name);
    const value = input.value.trim();
    next[name] =
      input.type === 'price'
        ? { price: value, ratio: '', completionRatio: '' }
        : input.type === 'ratio'
          ? { ...entry, price: '', ratio: value }
          : input.type === 'completionRatio'
            ? { ...entry, price: '', completionRatio: value }
            : { price: '', ratio: input.ratio.trim(), completionRatio: input.completionRatio.trim() };
  }
  return { draft: next };
}

/**
 * The maps after saving the typed values. A price wins; a ratio prices the model per token; a
 * completion ratio alone is kept (it waits for a ratio) and leaves the model unpriced.
 */
export function applyUnsetDraft(maps: PriceMaps, draft: UnsetDraft): PriceMaps {
  let next = maps;
  for (const [name, entry] of Object.entries(draft)) {
    const price = readNumber(entry.price);
    const ratio = readNumber(entry.ratio);
    const completionRatio = readNumber(entry.completionRatio);
    if (price !== undefined) next = applyPricing(next, name, { mode: 'request', price });
    else if (ratio !== undefined) next = applyPricing(next, name, { mode: 'token', ratio, completionRatio });
    else if (completionRatio !== undefined) {
      next = { ...next, CompletionRatio: { ...next.CompletionRatio, [name]: completionRatio } };
    }
  }
  return next;
}

/** The starting values: a completion ratio some models already have, waiting for a ratio. */
export function seedDraft(names: readonly string[], maps: PriceMaps): UnsetDraft {
  const draft: UnsetDraft = {};
  for (const name of names) {
    const completion = maps.CompletionRatio[name];
    if (completion !== undefined) draft[name] = { ...EMPTY_ENTRY, completionRatio: String(completion) };
  }
  return draft;
}
