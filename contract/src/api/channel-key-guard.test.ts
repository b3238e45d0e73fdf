import { describe, expect, it } from 'vitest';
import {
  changedAddressFields,
  maskHeaderValues,
  MASKED_HEADER_VALUE,
  unmaskHeaderValues,
} from './channel-key-guard.js';

const M = MASKED_HEADER_VALUE;

describe('channel key guard', () => {
  const stored = {
    type: 1,
    base_url: 'https://up.example',
    other: 'v1',
    headers: '{"X-Org":"secret","X-Two":"2"}',
    setting: '{"proxy":"http://p.example:1","thinking_to_content":false}',
  };

  it('sees no change in a form sent back as shown', () => {
    const same = {
      type: 1,
      base_url: 'https://up.example/',
      other: ' v1 ',
      headers: '{\n  "x-two": "2",\n  "x-org": "secret"\n}',
      setting: '{"thinking_to_content":true,"proxy":" http://p.example:1 "}',
    };
    expect(changedAddressFields(stored, same)).toEqual([]);
    expect(changedAddressFields(stored, {})).toEqual([]);
    expect(
      changedAddressFields(
        { base_url: null, other: null, headers: null },
        { base_url: '', other: '', headers: '' },
      ),
    ).toEqual([]);
  });

  it('names every field that moves the key', () => {
    expect(
      changedAddressFields(stored, {
        type: 8,
        base_url: 'https://other.example',
        other: 'v2',
        headers: '{"X-Org":"mine","X-Two":"2"}',
        setting: '{}',
      }),
    ).toEqual(['type', 'base_url', 'other', 'headers', 'proxy']);
    expect(changedAddressFields(stored, { headers: '' })).toEqual(['headers']);
    expect(changedAddressFields(stored, { headers: '{"X-Org":"secret"}' })).toEqual(['headers']);
  });

  it('masks every header value and hides unreadable text', () => {
    expect(JSON.parse(maskHeaderValues(stored.headers))).toEqual({ 'X-Org': M, 'X-Two': M });
    expect(maskHeaderValues(null)).toBe('');
    expect(maskHeaderValues('not json secret')).toBe('');
    expect(maskHeaderValues('["secret"]')).toBe('');
  });

  it('puts stored values back for masked ones, by name in any case', () => {
    const merged = unmaskHeaderValues(`{"x-org":"${M}","X-New":"typed"}`, stored.headers);
    expect(JSON.parse(merged!)).toEqual({ 'x-org': 'secret', 'X-New': 'typed' });
    expect(unmaskHeaderValues('{"a":"b"}', stored.headers)).toBe('{"a":"b"}');
    expect(unmaskHeaderValues(null, stored.headers)).toBeNull();
    expect(unmaskHeaderValues(`{"X-Unknown":"${M}"}`, stored.headers)).toBeUndefined();
    expect(unmaskHeaderValues(`{"X-Org":"${M}"}`, null)).toBeUndefined();
  });
});
