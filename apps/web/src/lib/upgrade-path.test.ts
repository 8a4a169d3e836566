import { describe, expect, it } from 'vitest';
import { safeReturnPath, upgradePath } from './upgrade-path.ts';

describe('upgrade paths', () => {
  it('send the user to /pricing remembering the page', () => {
    expect(upgradePath('/certificates/new')).toBe('/pricing?return_to=%2Fcertificates%2Fnew');
  });

  it('come back only to a path of this app, else to /subscription', () => {
    expect(safeReturnPath('/certificates?q=1')).toBe('/certificates?q=1');
    expect(safeReturnPath('//evil.example')).toBe('/subscription');
    expect(safeReturnPath(null)).toBe('/subscription');
    expect(safeReturnPath('https://evil.example', '/pricing')).toBe('/pricing');
  });
});
