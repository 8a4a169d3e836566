import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-body.ts';

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(exceedsJsonDepth('[[{"a":[1]}]]', 4)).toBe(false);
    expect(exceedsJsonDepth('[[{"a":[1]}]]', 3)).toBe(true);
    expect(exceedsJsonDepth('{"a":"[[[[[[{{{{"}', 1)).toBe(false);
  });

  it('skips escaped quotes inside strings', () => {
    expect(exceedsJsonDepth('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(exceedsJsonDepth('["\\\\",[[1]]]', 2)).toBe(true);
  });

  it('stops at the first level past the limit on a hostile body', () => {
    expect(exceedsJsonDepth('['.repeat(1_000_000), 32)).toBe(true);
  });
});
