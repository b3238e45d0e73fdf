import { afterEach, describe, expect, it } from 'vitest';
import { applyStoredThemeMode } from './theme-mode';

afterEach(() => document.body.removeAttribute('theme-mode'));

describe('applyStoredThemeMode', () => {
  it('puts Semi in dark mode before the first render when dark was chosen', () => {
    localStorage.setItem('theme-mode', 'dark');
    applyStoredThemeMode();
    expect(document.body.getAttribute('theme-mode')).toBe('dark');
  });

  it('stays light by default', () => {
    applyStoredThemeMode();
    expect(document.body.hasAttribute('theme-mode')).toBe(false);
  });
});
