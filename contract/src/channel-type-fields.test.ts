import { describe, expect, it } from 'vitest';
import {
  channelKeyError,
  channelOtherError,
  channelOtherValue,
  splitChannelKeys,
} from './api/channel-fields.js';
import { keyFormatText, keyMatchesFormat, type ChannelKeyFormat } from './channel-type-fields.js';
import { CHANNEL_TYPES } from './channel-types/index.js';

const pipes: ChannelKeyFormat = {
  kind: 'parts',
  separator: '|',
  parts: ['AK', 'SK', 'Region'],
  optional: ['Token'],
};
const dash: ChannelKeyFormat = { kind: 'parts', separator: '-', parts: ['APIKey', 'AppId'] };
const json: ChannelKeyFormat = { kind: 'json', description: 'JSON' };

describe('key formats', () => {
  it('writes the format with optional parts in brackets', () => {
    expect(keyFormatText(pipes)).toBe('AK|SK|Region[|Token]');
    expect(keyFormatText(dash)).toBe('APIKey-AppId');
    expect(keyFormatText(json)).toBe('JSON');
  });

  it('needs every required part, allows the optional ones and nothing more', () => {
    expect(keyMatchesFormat(pipes, 'a|b|c')).toBe(true);
    expect(keyMatchesFormat(pipes, ' a | b | c | t ')).toBe(true);
    expect(keyMatchesFormat(pipes, 'a|b')).toBe(false);
    expect(keyMatchesFormat(pipes, 'a||c')).toBe(false);
    expect(keyMatchesFormat(pipes, 'a|b|c|t|x')).toBe(false);
  });

  it('splits a dashed key at its last dash, as the API key has dashes itself', () => {
    expect(keyMatchesFormat(dash, 'fastgpt-abc-app1')).toBe(true);
    expect(keyMatchesFormat(dash, 'nodash')).toBe(false);
    expect(keyMatchesFormat(dash, 'trailing-')).toBe(false);
    expect(keyMatchesFormat(dash, '-leading')).toBe(false);
  });

  it('takes a JSON key only when it is an object', () => {
    expect(keyMatchesFormat(json, ' {"a":1} ')).toBe(true);
    expect(keyMatchesFormat(json, '[1]')).toBe(false);
    expect(keyMatchesFormat(json, '{oops')).toBe(false);
  });

  it('names the type, the format and which of several keys is wrong', () => {
    expect(channelKeyError(15, ['a|b'])).toBeNull();
    expect(channelKeyError(15, ['a'])).toBe('Baidu ERNIE 渠道的密钥格式错误，应为 APIKey|SecretKey');
    expect(channelKeyError(15, ['a|b', 'c'])).toBe(
      'Baidu ERNIE 渠道的第 2 个密钥格式错误，应为 APIKey|SecretKey',
    );
    // Types without a format take any key.
    expect(channelKeyError(1, ['anything | at all'])).toBeNull();
    expect(channelKeyError(999, ['x'])).toBeNull();
  });

  it('keeps a JSON key whole and splits the others into lines', () => {
    expect(splitChannelKeys(41, '{\n "a": 1\n}\n')).toEqual(['{\n "a": 1\n}']);
    expect(splitChannelKeys(15, 'a|b\n\n c|d \r')).toEqual(['a|b', 'c|d']);
  });

  it('keeps each key hint the console shows equal to the required parts of its format', () => {
    for (const type of CHANNEL_TYPES) {
      if (type.key?.kind !== 'parts' || type.keyHint === undefined) continue;
      expect(type.keyHint, `type ${type.id}`).toBe(type.key.parts.join(type.key.separator));
    }
  });

  it('gives every pipe-format type of spec 2 §3 a key format', () => {
    for (const id of [15, 18, 22, 23, 33, 41]) {
      expect(CHANNEL_TYPES.find((t) => t.id === id)?.key, `type ${id}`).toBeDefined();
    }
  });
});

describe('the other field', () => {
  it('defaults, requires and checks region maps per the descriptor', () => {
    expect(channelOtherValue(18, '  ')).toBe('v2.1');
    expect(channelOtherValue(18, 'v3.5')).toBe('v3.5');
    expect(channelOtherValue(37, '')).toBe('chat');
    expect(channelOtherValue(37, 'workflow')).toBe('workflow');
    expect(channelOtherValue(1, '')).toBe('');
    expect(channelOtherError(39, ' ')).toBe('Account ID 不能为空');
    expect(channelOtherError(39, 'acc')).toBeNull();
    expect(channelOtherError(41, '')).toBe('部署地区不能为空');
    expect(channelOtherError(41, '{"x":"y"}')).toBe('部署地区必须包含default字段');
    expect(channelOtherError(3, '')).toBeNull();
  });
});
