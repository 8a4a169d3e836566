import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('comes back only to a path of this app, else to /subscription', () => {
    expect(safeReturnPath('/certificates?q=1')).toBe('/certificates?q=1');
    expect(safeReturnPath('//evil.example')).toBe('/subscription');
    expect(safeReturnPath(null)).toBe('/subscription');
    expect(safeReturnPath('https://evil.example', '/pricing')).toBe('/pricing');
  });
});
