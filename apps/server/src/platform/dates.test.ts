import { describe, expect, it } from 'vitest';
import { dates } from './dates.ts';

// 13:30 UTC on 24 November is already 25 November in Sydney (UTC+11 in summer).
const lateEvening = new Date('2026-11-24T13:30:00Z');

describe('dates', () => {
  it('shows a moment on the business’s calendar, and a picked calendar date as it is', () => {
    expect(dates.long(lateEvening, 'Australia/Sydney')).toBe('25 November 2026');
    expect(dates.long(lateEvening, 'Australia/Perth')).toBe('24 November 2026');
    expect(dates.calendar('2026-11-24')).toBe('24 November 2026');
  });

  it('gives the day on that calendar as a calendar date, and the time when asked', () => {
    expect(dates.isoDay(lateEvening, 'Australia/Sydney')).toBe('2026-11-25');
    expect(dates.isoDay(lateEvening, 'Australia/Perth')).toBe('2026-11-24');
    expect(dates.withTime(lateEvening, 'Australia/Sydney')).toMatch(/^25 Nov 2026, 12:30\s?am AEDT$/);
    expect(dates.exact(lateEvening, 'Australia/Brisbane')).toMatch(/^24 Nov 2026, 11:30:00\s?pm AEST$/);
  });
});
