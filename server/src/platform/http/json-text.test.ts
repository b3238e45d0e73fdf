import { describe, expect, it } from 'vitest';
import { decodeJsonText, UnreadableTextError } from './json-text.js';

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('decodeJsonText', () => {
  it('passes ordinary UTF-8 through', () => {
    expect(decodeJsonText(bytes('{"a":"héllo 你好 🙂"}'))).toBe('{"a":"héllo 你好 🙂"}');
  });

  it('refuses invalid UTF-8', () => {
    expect(() => decodeJsonText(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]))).toThrow(
      new UnreadableTextError('utf8'),
    );
  });

  it('refuses a raw NUL byte and the escape \\u0000', () => {
    expect(() => decodeJsonText(bytes('{"a":"x\0y"}'))).toThrow(UnreadableTextError);
    expect(() => decodeJsonText(bytes('{"a":"x\\u0000y"}'))).toThrow(UnreadableTextError);
    expect(() => decodeJsonText(bytes('{"a":"\\\\\\u0000"}'))).toThrow(UnreadableTextError);
  });

  it('accepts an escaped backslash followed by the text u0000', () => {
    const text = '{"a":"C:\\\\u0000"}';
    expect(JSON.parse(text)).toEqual({ a: 'C:\\u0000' });
    expect(decodeJsonText(bytes(text))).toBe(text);
  });
});
