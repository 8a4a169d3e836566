import { describe, expect, it } from 'vitest';
import { breakableText, LONGEST_UNBROKEN_RUN } from './breakable-text.ts';

const withoutBreaks = (text: string) => text.replaceAll('\u200b', '');
const runs = (text: string) => text.split(/[\s\u200b]+/u);

describe('breakableText', () => {
  it('leaves ordinary text, fingerprints and URLs as they are', () => {
    const fingerprint = 'a'.repeat(64);
    const url = `https://tradecert.example/verify/swms/${'0'.repeat(36)}/12`;
    for (const text of ['Prime and apply two coats.', fingerprint, url, 'x'.repeat(LONGEST_UNBROKEN_RUN)]) {
      expect(breakableText(text)).toBe(text);
    }
  });

  it('breaks a long run without spaces into short pieces, keeping every character', () => {
    const hostile = `Start ${'Qz9'.repeat(700)} end`;
    const printed = breakableText(hostile);
    expect(withoutBreaks(printed)).toBe(hostile);
    expect(Math.max(...runs(printed).map((run) => run.length))).toBeLessThanOrEqual(16);
  });

  it('never splits a character made of several code points', () => {
    const family = '👷‍♀️'.repeat(300); // five code points each
    for (const piece of breakableText(family).split('\u200b')) expect(piece).toBe('👷‍♀️'.repeat(piece.length / 5));
  });

  it('never splits a character made of two UTF-16 units', () => {
    const emoji = '🧱'.repeat(300);
    const printed = breakableText(emoji);
    expect(withoutBreaks(printed)).toBe(emoji);
    for (const piece of printed.split('\u200b')) expect(piece).toBe('🧱'.repeat(Array.from(piece).length));
  });
});
