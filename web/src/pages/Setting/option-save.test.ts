import { describe, expect, it } from 'vitest';
import { planOptionSave, sendOptionChanges, toFormValue } from './option-save';

describe('planOptionSave', () => {
  const keys = ['RetryTimes', 'LogConsumeEnabled', 'ServerAddress', 'SMTPToken', 'Notice'];
  const initial = {
    RetryTimes: 0,
    LogConsumeEnabled: true,
    ServerAddress: 'https://a.example',
    SMTPToken: '',
    Notice: 'hi',
  };

  it('sends nothing when nothing changed', () => {
    expect(planOptionSave(keys, initial, { ...initial })).toEqual([]);
  });

  it('sends only changed keys, switches first, as strings', () => {
    const plan = planOptionSave(keys, initial, { ...initial, RetryTimes: 3, LogConsumeEnabled: false });
    expect(plan).toEqual([
      { key: 'LogConsumeEnabled', value: 'false' },
      { key: 'RetryTimes', value: '3' },
    ]);
  });

  it('trims a trailing slash from addresses and ignores a change that is only that slash', () => {
    expect(planOptionSave(keys, initial, { ...initial, ServerAddress: 'https://a.example/' })).toEqual([]);
    expect(planOptionSave(keys, initial, { ...initial, ServerAddress: 'https://b.example//' })).toEqual([
      { key: 'ServerAddress', value: 'https://b.example' },
    ]);
  });

  it('sends a secret only when something was typed', () => {
    expect(planOptionSave(keys, initial, { ...initial, SMTPToken: '  ' })).toEqual([]);
    expect(planOptionSave(keys, initial, { ...initial, SMTPToken: 'pw' })).toEqual([
      { key: 'SMTPToken', value: 'pw' },
    ]);
  });
});

describe('sendOptionChanges', () => {
  it('saves switches one after another before the rest and reports a partial failure', async () => {
    const order: string[] = [];
    let inFlight = 0;
    let switchOverlap = false;
    const put = async (key: string) => {
      inFlight++;
      if (key.endsWith('Enabled') && inFlight > 1) switchOverlap = true;
      order.push(key);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      if (key === 'Notice') throw new Error('refused');
    };
    const result = await sendOptionChanges(
      [
        { key: 'LogConsumeEnabled', value: 'false' },
        { key: 'DrawingEnabled', value: 'true' },
        { key: 'RetryTimes', value: '2' },
        { key: 'Notice', value: 'x' },
      ],
      put,
    );
    expect(order.slice(0, 2)).toEqual(['LogConsumeEnabled', 'DrawingEnabled']);
    expect(switchOverlap).toBe(false);
    expect(result).toEqual({ outcome: 'partial', failed: ['Notice'] });
  });

  it('reports failed when every key is refused, nothing when there was nothing', async () => {
    const refuse = async () => {
      throw new Error('no');
    };
    expect((await sendOptionChanges([{ key: 'Notice', value: 'x' }], refuse)).outcome).toBe('failed');
    expect((await sendOptionChanges([], refuse)).outcome).toBe('nothing');
  });
});

describe('toFormValue', () => {
  it('types stored strings by the option declaration', () => {
    expect(toFormValue('LogConsumeEnabled', 'false')).toBe(false);
    expect(toFormValue('RetryTimes', '4')).toBe(4);
    expect(toFormValue('Notice', 'x')).toBe('x');
    expect(toFormValue('QuotaPerUnit', undefined)).toBe(500000);
  });
});
