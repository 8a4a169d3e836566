import { describe, expect, it } from 'vitest';
import { issuedByLine, issuedByOf, issuerIncompleteMessage, missingIssuerDetails } from './issuer.ts';

const complete = {
  company_name: 'Dry Right Waterproofing',
  company_abn: '51824753556',
  applicator_name: 'Sam Citizen',
  has_signature: true,
};

describe('who issues a document', () => {
  it('needs nothing more from a complete profile; the licence number is not asked for', () => {
    expect(missingIssuerDetails(complete)).toEqual([]);
  });

  it('names every missing detail in profile order, blank text and a failing ABN included', () => {
    expect(
      missingIssuerDetails({ company_name: null, company_abn: null, applicator_name: null, has_signature: false }),
    ).toEqual(['company_name', 'company_abn', 'applicator_name', 'signature']);
    expect(missingIssuerDetails({ ...complete, company_name: '  ', company_abn: '51 824 753 557' })).toEqual([
      'company_name',
      'company_abn',
    ]);
  });

  it('says what to add, in words', () => {
    expect(issuerIncompleteMessage(['company_name', 'company_abn', 'applicator_name', 'signature'])).toBe(
      'Add your company name, ABN, applicator name and signature to your profile before issuing this: an issued document names who stands behind it. A draft can be saved without them.',
    );
    expect(issuerIncompleteMessage(['signature'])).toMatch(/^Add your signature to your profile/);
  });

  it('names the issuing member only in a business of more than one', () => {
    expect(issuedByOf(1, 'Kim Lee')).toBeUndefined();
    expect(issuedByOf(2, 'Kim Lee')).toBe('Kim Lee');
    expect(issuedByOf(2, null)).toBeUndefined();
    expect(issuedByLine('Kim Lee', 'Dry Right Waterproofing')).toBe('Issued by Kim Lee for Dry Right Waterproofing');
  });
});
