import { describe, expect, it } from 'vitest';
import { monthKey } from './month-key.ts';

describe('monthKey', () => {
  // 30 Nov 2026 14:30 UTC is already 1 December in Sydney (UTC+11) but still 30 November in Perth (UTC+8).
  const boundary = new Date('2026-11-30T14:30:00Z');

  it('uses the time zone of the user, not of the server', () => {
    expect(monthKey(boundary, 'Australia/Sydney')).toBe('2026-12');
    expect(monthKey(boundary, 'Australia/Perth')).toBe('2026-11');
  });

  it('pads the month to two digits', () => {
    expect(monthKey(new Date('2026-03-15T00:00:00Z'), 'UTC')).toBe('2026-03');
  });
});
