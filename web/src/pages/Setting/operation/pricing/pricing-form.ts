import {
  completionRatioFromPrices,
  inputPriceToRatio,
  isNumberInput,
  numberText,
  outputPrice,
  ratioToInputPrice,
  readNumber,
} from './price-math';
import type { PriceRow, Pricing } from './price-maps';

/**
 * The add/edit dialog's state (spec 2 §4 "Pricing editor modes"): per request (a fixed price) or
 * per token, set by ratio or by price. Ratio and price boxes stay in step both ways, so switching
 * between "by ratio" and "by price" shows the same pricing.
 */
export interface PricingForm {
  name: string;
  mode: 'token' | 'request';
  tokenMode: 'ratio' | 'price';
  price: string;
  ratio: string;
  completionRatio: string;
  inputPrice: string;
  outputPrice: string;
}

export type NumberField = 'price' | 'ratio' | 'completionRatio' | 'inputPrice' | 'outputPrice';

export function emptyForm(): PricingForm {
  return {
    name: '',
    mode: 'token',
    tokenMode: 'ratio',
    price: '',
    ratio: '',
    completionRatio: '',
    inputPrice: '',
    outputPrice: '',
  };
}

/** The dialog for an existing row: per request when it has a fixed price, else by ratio. */
export function formFromRow(row: PriceRow): PricingForm {
  if (row.price !== undefined) {
    return { ...emptyForm(), name: row.name, mode: 'request', price: numberText(row.price) };
  }
  return syncPrices({
    ...emptyForm(),
    name: row.name,
    ratio: numberText(row.ratio),
    completionRatio: numberText(row.completionRatio),
  });
}

/** Input and output price from the ratios. */
function syncPrices(form: PricingForm): PricingForm {
  const ratio = readNumber(form.ratio);
  const completion = readNumber(form.completionRatio);
  return {
    ...form,
    inputPrice: ratio === undefined ? '' : numberText(ratioToInputPrice(ratio)),
    outputPrice:
      ratio === undefined || completion === undefined ? '' : numberText(outputPrice(ratio, completion)),
  };
}

/** The ratios from input and output price. */
function syncRatios(form: PricingForm): PricingForm {
  const input = readNumber(form.inputPrice);
  const output = readNumber(form.outputPrice);
  const completion =
    input === undefined || output === undefined ? undefined : completionRatioFromPrices(input, output);
  return {
    ...form,
    ratio: input === undefined ? '' : numberText(inputPriceToRatio(input)),
    completionRatio: numberText(completion),
  };
}

/**
 * Types into a number box. Returns undefined when the text is not a number (the caller says
 * "请输入数字" and keeps the old value). A fixed price clears the ratio boxes.
 */
export function typeNumber(form: PricingForm, field: NumberField, text: string): PricingForm | undefined {
  if (!isNumberInput(text)) return undefined;
  const next = { ...form, [field]: text };
  if (field === 'price') {
    return text.trim() === ''
      ? next
      : { ...next, ratio: '', completionRatio: '', inputPrice: '', outputPrice: '' };
  }
  if (field === 'ratio' || field === 'completionRatio') return syncPrices(next);
  return syncRatios(next);
}

/** Switching to per request clears the per-token boxes, and back; the fixed price wins otherwise. */
export function switchMode(form: PricingForm, mode: PricingForm['mode']): PricingForm {
  if (mode === form.mode) return form;
  if (mode === 'request') {
    return { ...form, mode, ratio: '', completionRatio: '', inputPrice: '', outputPrice: '' };
  }
  return { ...form, mode, price: '' };
}

export type FormProblem =
  | 'nameRequired'
  | 'duplicate'
  | 'priceRequired'
  | 'ratioRequired'
  | 'inputPriceRequired'
  | 'priceZero'
  | 'notNumber';

/**
 * Checks the dialog and says how the model is priced. `taken` holds the names already listed
 * (a new model may not reuse one; an edited model keeps its own).
 */
export function checkForm(
  form: PricingForm,
  isNew: boolean,
  taken: ReadonlySet<string>,
): { problem: FormProblem } | { name: string; pricing: Pricing } {
  const name = form.name.trim();
  if (!name) return { problem: 'nameRequired' };
  if (isNew && taken.has(name)) return { problem: 'duplicate' };
  const invalid = (text: string) => text.trim() !== '' && readNumber(text) === undefined;
  if (form.mode === 'request') {
    if (form.price.trim() === '') return { problem: 'priceRequired' };
    if (invalid(form.price)) return { problem: 'notNumber' };
    return { name, pricing: { mode: 'request', price: readNumber(form.price)! } };
  }
  if (form.tokenMode === 'price') {
    if (form.inputPrice.trim() === '') return { problem: 'inputPriceRequired' };
    if (invalid(form.inputPrice) || invalid(form.outputPrice)) return { problem: 'notNumber' };
    // The completion ratio is output ÷ input: a zero input price cannot express one.
    if (readNumber(form.inputPrice) === 0) return { problem: 'priceZero' };
  }
  if (form.ratio.trim() === '') return { problem: 'ratioRequired' };
  if (invalid(form.ratio) || invalid(form.completionRatio)) return { problem: 'notNumber' };
  return {
    name,
    pricing: {
      mode: 'token',
      ratio: readNumber(form.ratio)!,
      completionRatio: readNumber(form.completionRatio),
    },
  };
}
