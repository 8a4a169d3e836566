import { describe, expect, it } from 'vitest';
import { passwordProblem, STRENGTH_CHECK_MAX_LENGTH } from './passwords.ts';

describe('passwordProblem', () => {
  // A strong tail that would carry the password if the whole of it were estimated.
  const strongTail = 'harbour-trowel-magnet-47-Quokka!plinth '.repeat(25);

  it('estimates only the first 100 characters of a long password', () => {
    const weakPrefix = 'a'.repeat(STRENGTH_CHECK_MAX_LENGTH);
    const long = weakPrefix + strongTail;
    expect(long.length).toBeGreaterThan(1000);
    expect(passwordProblem(strongTail)).toBeNull();
    // The verdict is the prefix's: the strong 900 characters after it are never looked at.
    expect(passwordProblem(long)).toBe(passwordProblem(weakPrefix));
    expect(passwordProblem(long)).toMatch(/too easy to guess/);
  });

  it('accepts a long password whose first 100 characters are strong', () => {
    expect(passwordProblem(strongTail + 'a'.repeat(1000))).toBeNull();
  });
});
