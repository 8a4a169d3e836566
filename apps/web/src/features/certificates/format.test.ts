import { describe, expect, it } from 'vitest';
import { formatCalendarDate, todayIn, versionParam } from './format.ts';

describe('format', () => {
  it("gives today's date in the user's time zone", () => {
    const instant = new Date('2026-11-30T14:30:00Z');
    expect(todayIn('Australia/Sydney', instant)).toBe('2026-12-01');
    expect(todayIn('Australia/Perth', instant)).toBe('2026-11-30');
  });

  it('shows a calendar date without shifting it by a time zone', () => {
    expect(formatCalendarDate('2026-11-01')).toBe('1 November 2026');
  });
});

describe('versionParam', () => {
  it('reads a positive version and ignores anything else', () => {
    expect(versionParam(new URLSearchParams('version=2'))).toBe(2);
    for (const search of ['', 'version=0', 'version=-1', 'version=1.5', 'version=abc', 'version=1234567']) {
      expect(versionParam(new URLSearchParams(search))).toBeUndefined();
    }
  });
});
