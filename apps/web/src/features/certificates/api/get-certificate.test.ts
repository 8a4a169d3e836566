import { describe, expect, it } from 'vitest';
import { versionParam } from './get-certificate.ts';

describe('versionParam', () => {
  it('reads a positive version and ignores anything else', () => {
    expect(versionParam(new URLSearchParams('version=2'))).toBe(2);
    for (const search of ['', 'version=0', 'version=-1', 'version=1.5', 'version=abc', 'version=1234567']) {
      expect(versionParam(new URLSearchParams(search))).toBeUndefined();
    }
  });
});
