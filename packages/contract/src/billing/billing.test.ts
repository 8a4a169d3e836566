import { describe, expect, it } from 'vitest';
import { returnPathSchema } from './billing.ts';
import { formatAud } from './prices.ts';

describe('formatAud', () => {
  it('shows whole dollars without cents, and cents when there are some', () => {
    expect(formatAud(1900)).toBe('$19');
    expect(formatAud(1950)).toBe('$19.50');
  });
});

describe('returnPathSchema', () => {
  it('takes a path of this app', () => {
    for (const path of ['/', '/certificates/new', '/certificates?q=a&status=draft']) {
      expect(returnPathSchema.safeParse(path).success).toBe(true);
    }
  });

  it('refuses anything that could leave the app', () => {
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example', 'certificates', '/a b', '']) {
      expect(returnPathSchema.safeParse(path).success).toBe(false);
    }
  });
});
