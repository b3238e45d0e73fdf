import { describe, expect, it } from 'vitest';
import { checkForm, emptyForm, formFromRow, switchMode, typeNumber, type PricingForm } from './pricing-form';

const none = new Set<string>();

function typed(form: PricingForm, ...steps: Array<[Parameters<typeof typeNumber>[1], string]>) {
  let next = form;
  for (const [field, text] of steps) next = typeNumber(next, field, text)!;
  return next;
}

describe('pricing dialog', () => {
  it('opens an existing row in its mode, with prices derived from the ratios', () => {
    expect(formFromRow({ name: 'm', price: 0.04 })).toMatchObject({
      mode: 'request',
      price: '0.04',
      ratio: '',
    });
    expect(formFromRow({ name: 'm', ratio: 1.25, completionRatio: 4 })).toMatchObject({
      mode: 'token',
      tokenMode: 'ratio',
      ratio: '1.25',
      completionRatio: '4',
      inputPrice: '2.5',
      outputPrice: '10',
    });
  });

  it('keeps ratios and prices in step both ways', () => {
    const byRatio = typed(emptyForm(), ['ratio', '1.5'], ['completionRatio', '3']);
    expect(byRatio).toMatchObject({ inputPrice: '3', outputPrice: '9' });
    const byPrice = typed(emptyForm(), ['inputPrice', '0.3'], ['outputPrice', '1.2']);
    expect(byPrice).toMatchObject({ ratio: '0.15', completionRatio: '4' });
    // An output price without an input price gives no completion ratio yet.
    expect(typed(emptyForm(), ['outputPrice', '4'])).toMatchObject({ ratio: '', completionRatio: '' });
  });

  it('refuses text that is not a number', () => {
    expect(typeNumber(emptyForm(), 'ratio', 'abc')).toBeUndefined();
    expect(typeNumber(emptyForm(), 'price', '-1')).toBeUndefined();
  });

  it('clears the ratios when a fixed price is typed or per-request billing is chosen', () => {
    const withRatio = typed(emptyForm(), ['ratio', '2'], ['completionRatio', '3']);
    expect(typed(withRatio, ['price', '0.1'])).toMatchObject({
      price: '0.1',
      ratio: '',
      completionRatio: '',
    });
    expect(switchMode(withRatio, 'request')).toMatchObject({ mode: 'request', ratio: '', inputPrice: '' });
    expect(switchMode({ ...emptyForm(), mode: 'request', price: '1' }, 'token')).toMatchObject({ price: '' });
  });

  it('checks the name, duplicates, required values and a zero input price', () => {
    const taken = new Set(['gpt-4o']);
    expect(checkForm({ ...emptyForm(), ratio: '1' }, true, none)).toEqual({ problem: 'nameRequired' });
    expect(checkForm({ ...emptyForm(), name: 'gpt-4o', ratio: '1' }, true, taken)).toEqual({
      problem: 'duplicate',
    });
    expect(checkForm({ ...emptyForm(), name: 'gpt-4o', ratio: '1' }, false, taken)).toEqual({
      name: 'gpt-4o',
      pricing: { mode: 'token', ratio: 1, completionRatio: undefined },
    });
    expect(checkForm({ ...emptyForm(), name: 'x' }, true, none)).toEqual({ problem: 'ratioRequired' });
    expect(checkForm({ ...emptyForm(), name: 'x', mode: 'request' }, true, none)).toEqual({
      problem: 'priceRequired',
    });
    const zero = typed(
      { ...emptyForm(), name: 'x', tokenMode: 'price' },
      ['inputPrice', '0'],
      ['outputPrice', '2'],
    );
    expect(checkForm(zero, true, none)).toEqual({ problem: 'priceZero' });
    expect(checkForm({ ...emptyForm(), name: 'x', tokenMode: 'price' }, true, none)).toEqual({
      problem: 'inputPriceRequired',
    });
  });

  it('turns a by-price form into ratios and a per-request form into a fixed price', () => {
    const byPrice = typed(
      { ...emptyForm(), name: ' new ', tokenMode: 'price' },
      ['inputPrice', '5'],
      ['outputPrice', '15'],
    );
    expect(checkForm(byPrice, true, none)).toEqual({
      name: 'new',
      pricing: { mode: 'token', ratio: 2.5, completionRatio: 3 },
    });
    const fixed = typed({ ...emptyForm(), name: 'img', mode: 'request' }, ['price', '0.02']);
    expect(checkForm(fixed, true, none)).toEqual({ name: 'img', pricing: { mode: 'request', price: 0.02 } });
  });
});
