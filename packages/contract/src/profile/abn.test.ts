import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn, normaliseAbn } from './abn.ts';

describe('ABN checksum', () => {
  it.each(['51 824 753 556', '53004085616', '33 102 417 032'])('accepts the registered ABN %s', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each([
    ['one digit changed', '51 824 753 557'],
    ['too short', '5182475355'],
    ['too long', '518247535560'],
    ['letters', '51 824 753 55A'],
    ['empty', ''],
  ])('rejects %s', (_reason, abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });

  it('removes spaces when normalising', () => {
    expect(normaliseAbn(' 51 824 753 556 ')).toBe('51824753556');
  });
});

describe('formatAbn', () => {
  it('groups 11 digits the way an ABN is printed', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn(' 5182 4753 556 ')).toBe('51 824 753 556');
  });

  it('leaves anything else as typed', () => {
    for (const other of ['', '1234', 'not an abn']) expect(formatAbn(other)).toBe(other);
  });
});
