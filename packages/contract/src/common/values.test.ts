import { describe, expect, it } from 'vitest';
import { isIsoDate, isUuid, uuidSchema } from './values.ts';

describe('isoDateSchema', () => {
  it.each(['2026-11-22', '2024-02-29', '2000-02-29', '2026-02-28', '2026-12-31', '0001-01-01', '9999-12-31'])(
    'accepts the real date %s',
    (date) => {
      expect(isIsoDate(date)).toBe(true);
    },
  );

  it.each([
    ['Feb 29 outside a leap year', '2026-02-29'],
    ['Feb 29 in a century that is not a leap year', '1900-02-29'],
    ['Feb 30', '2026-02-30'],
    ['Feb 31', '2026-02-31'],
    ['April 31', '2026-04-31'],
    ['month 13', '2026-13-01'],
    ['month 00', '2026-00-10'],
    ['day 00', '2026-11-00'],
    ['year 0000', '0000-01-01'],
    ['all zeros', '0000-00-00'],
    ['all nines', '9999-99-99'],
    ['a time', '2026-11-22T10:00:00Z'],
    ['no padding', '2026-1-2'],
    ['empty', ''],
  ])('rejects %s (%s)', (_reason, date) => {
    expect(isIsoDate(date)).toBe(false);
  });
});

describe('uuidSchema', () => {
  it('accepts a random uuid and lower-cases it', () => {
    const id = '6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f';
    expect(isUuid(id)).toBe(true);
    expect(uuidSchema.parse(id.toUpperCase())).toBe(id);
  });

  it.each([
    ['36 dashes', '-'.repeat(36)],
    ['hex with the dashes at the end', '0123456789abcdef0123456789abcdef----'],
    ['version 0', 'aaaaaaaa-aaaa-0aaa-8aaa-aaaaaaaaaaaa'],
    ['version 9', 'aaaaaaaa-aaaa-9aaa-8aaa-aaaaaaaaaaaa'],
    ['a variant that is not RFC 9562', 'aaaaaaaa-aaaa-4aaa-caaa-aaaaaaaaaaaa'],
    ['no dashes', 'aaaaaaaaaaaa4aaa8aaaaaaaaaaaaaaa'],
    ['a letter past f', 'gaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'],
    ['empty', ''],
  ])('rejects %s', (_reason, id) => {
    expect(isUuid(id)).toBe(false);
  });
});
