import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from './index';
import { changeLanguage, storedLanguage } from './language';

describe('language choice', () => {
  it('defaults to Chinese', () => {
    expect(storedLanguage()).toBe('zh');
  });

  it('reads English codes stored by other consoles', () => {
    localStorage.setItem('i18nextLng', 'en-US');
    expect(storedLanguage()).toBe('en');
  });

  it('stores the choice under i18nextLng and marks the document language', async () => {
    initI18n('zh');
    await changeLanguage('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('topBar.home')).toBe('Home');
    await changeLanguage('zh');
  });
});
