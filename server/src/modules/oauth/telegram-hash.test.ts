import { describe, expect, it } from 'vitest';
import { telegramWidgetData } from '../../../../test-support/src/fake-oauth-telegram.js';
import { checkTelegramLogin, TELEGRAM_MAX_AGE_SECONDS } from './telegram-hash.js';

const BOT = '123456:ABC-bot-token';
const NOW = 1_700_000_000;

describe('Telegram login check', () => {
  const data = telegramWidgetData({ id: 777, first_name: 'Ann', username: 'ann', auth_date: NOW - 60 }, BOT);

  it('accepts data signed with the bot token', () => {
    expect(checkTelegramLogin(data, BOT, NOW)).toBe('ok');
  });

  it('refuses another bot token, a changed field, an added field and a missing hash', () => {
    expect(checkTelegramLogin(data, '999:other', NOW)).toBe('invalid');
    expect(checkTelegramLogin({ ...data, id: '778' }, BOT, NOW)).toBe('invalid');
    expect(checkTelegramLogin({ ...data, photo_url: 'https://x/y.png' }, BOT, NOW)).toBe('invalid');
    const { hash: _hash, ...unsigned } = data;
    expect(checkTelegramLogin(unsigned, BOT, NOW)).toBe('invalid');
    expect(checkTelegramLogin({ ...data, hash: 'zz' }, BOT, NOW)).toBe('invalid');
  });

  it('refuses a sign-in older than a day', () => {
    const old = telegramWidgetData({ id: 777, auth_date: NOW - TELEGRAM_MAX_AGE_SECONDS - 1 }, BOT);
    expect(checkTelegramLogin(old, BOT, NOW)).toBe('expired');
    const edge = telegramWidgetData({ id: 777, auth_date: NOW - TELEGRAM_MAX_AGE_SECONDS }, BOT);
    expect(checkTelegramLogin(edge, BOT, NOW)).toBe('ok');
  });
});
