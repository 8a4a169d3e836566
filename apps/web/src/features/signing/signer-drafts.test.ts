import { MAX_SIGNERS_PER_SEND, SITE_SIGN_ON_MAX_LIMIT, sendForSigningSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { emptySigner, signerDrafts, siteSignOnLimitOf } from './signer-drafts.ts';

describe('the signing panel’s send form', () => {
  it('edits one row at a time and tells rows apart by key', () => {
    const rows = signerDrafts.add([emptySigner()]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(2);
    const edited = signerDrafts.update(rows, 1, 'email', 'site@builder.example');
    expect(edited.map((row) => row.email)).toEqual(['', 'site@builder.example']);
    expect(edited[0]).toBe(rows[0]);
  });

  it('keeps its rows on the phone without their keys, and takes back only rows that fit the form', () => {
    const typed = signerDrafts.update([emptySigner()], 0, 'company', 'Harbour Builders');
    const rows = signerDrafts.rows(typed);
    expect(rows).toEqual([{ name: '', email: '', role: '', company: 'Harbour Builders' }]);
    const restored = signerDrafts.fromRows(signerDrafts.parseKept(JSON.parse(JSON.stringify(rows))) ?? []);
    expect(restored.map((row) => row.company)).toEqual(['Harbour Builders']);
    expect(restored[0]?.key).not.toBe(typed[0]?.key);
    // Extra fields are dropped; anything else is not this form's.
    expect(signerDrafts.parseKept([{ ...rows[0], admin: true }])).toEqual(rows);
    expect(signerDrafts.parseKept([])).toBeUndefined();
    expect(signerDrafts.parseKept([{ name: 'A', email: 'a@b.example', role: '' }])).toBeUndefined();
    expect(signerDrafts.parseKept([{ ...rows[0], name: 'x'.repeat(401) }])).toBeUndefined();
    expect(signerDrafts.parseKept(Array.from({ length: MAX_SIGNERS_PER_SEND + 1 }, () => rows[0]))).toBeUndefined();
    expect(signerDrafts.parseKept('rows')).toBeUndefined();
  });

  it(`keeps between one row and ${MAX_SIGNERS_PER_SEND}`, () => {
    let rows = [emptySigner()];
    expect(signerDrafts.remove(rows, 0)).toBe(rows);
    for (let added = 0; added < MAX_SIGNERS_PER_SEND + 3; added++) rows = signerDrafts.add(rows);
    expect(rows).toHaveLength(MAX_SIGNERS_PER_SEND);
    expect(signerDrafts.remove(rows, 0)).toHaveLength(MAX_SIGNERS_PER_SEND - 1);
  });

  it('sends the role and company only when given, in the shape the server accepts', () => {
    const rows = signerDrafts.update(
      signerDrafts.update(signerDrafts.add([emptySigner()]), 0, 'role', '  '),
      1,
      'role',
      'Certifier',
    );
    const withCompany = signerDrafts.update(rows, 0, 'company', ' Harbourside Builders ');
    const named = withCompany.map((row, index) => ({
      ...row,
      name: `Signer ${index + 1}`,
      email: `s${index}@x.example`,
    }));
    const request = signerDrafts.request(named);
    expect(request.map((signer) => signer.role)).toEqual([null, 'Certifier']);
    expect(request.map((signer) => signer.company)).toEqual(['Harbourside Builders', null]);
    expect(sendForSigningSchema.safeParse({ signers: request }).success).toBe(true);
  });
});

describe('the site sign-on limit', () => {
  it(`takes a whole number from 1 to ${SITE_SIGN_ON_MAX_LIMIT}, and says what to enter otherwise`, () => {
    expect(siteSignOnLimitOf('25')).toEqual({ limit: 25 });
    expect(siteSignOnLimitOf(String(SITE_SIGN_ON_MAX_LIMIT))).toEqual({ limit: SITE_SIGN_ON_MAX_LIMIT });
    const problem = { problem: `Enter a whole number from 1 to ${SITE_SIGN_ON_MAX_LIMIT}.` };
    for (const typed of ['', '0', '2.5', 'ten', String(SITE_SIGN_ON_MAX_LIMIT + 1)]) {
      expect(siteSignOnLimitOf(typed), typed).toEqual(problem);
    }
  });
});
