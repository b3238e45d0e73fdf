import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from './index';
import { translateServerMessage } from './server-messages';

describe('translateServerMessage', () => {
  afterEach(() => void i18n.changeLanguage('zh'));

  it('keeps Chinese messages in Chinese mode', () => {
    initI18n('zh');
    expect(translateServerMessage('令牌名称过长')).toBe('令牌名称过长');
  });

  it('translates known messages and messages with a variable part in English mode', () => {
    initI18n('en');
    expect(translateServerMessage('令牌名称过长')).toBe('The token name is too long');
    expect(translateServerMessage('充值数量不能小于 5')).toBe('The top-up amount cannot be less than 5');
    expect(
      translateServerMessage('IP 白名单中的条目无效：1.2.3（每行填写一个 IPv4/IPv6 地址或 CIDR 网段）'),
    ).toBe('Invalid IP allow-list entry: 1.2.3 (one IPv4/IPv6 address or CIDR range per line)');
    expect(translateServerMessage('something new')).toBe('something new');
  });
});
