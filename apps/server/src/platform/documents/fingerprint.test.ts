import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../crypto/tokens.ts';
import { canonicalJson, documentFingerprint } from './fingerprint.ts';

describe('canonical JSON', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }, 2] })).toBe('{"a":[{"c":"x","d":null},2],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('escapes strings as JSON does', () => {
    expect(canonicalJson('Zoë "Đặng"\n')).toBe(JSON.stringify('Zoë "Đặng"\n'));
  });
});

describe('document fingerprint', () => {
  it('is the SHA-256 of the fields in their declared order, nested values canonical', () => {
    expect(documentFingerprint({ title: 'SWMS', steps: [{ risk: 'high', step: 1 }] })).toBe(
      sha256Hex('{"title":"SWMS","steps":[{"risk":"high","step":1}]}'),
    );
    expect(documentFingerprint({ steps: [{ step: 1, risk: 'high' }], title: 'SWMS' })).not.toBe(
      documentFingerprint({ title: 'SWMS', steps: [{ step: 1, risk: 'high' }] }),
    );
  });
});
