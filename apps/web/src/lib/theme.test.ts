import { describe, expect, it } from 'vitest';
import { parseThemePreference, resolveTheme } from './theme.ts';

describe('theme preference', () => {
  it('defaults to light for a missing or unknown stored value', () => {
    expect(parseThemePreference(null)).toBe('light');
    expect(parseThemePreference('')).toBe('light');
    expect(parseThemePreference('purple')).toBe('light');
  });

  it('keeps a valid stored choice', () => {
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('system')).toBe('system');
  });

  it('follows the operating system only when the preference is system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
