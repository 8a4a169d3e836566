import { describe, expect, it } from 'vitest';
import { basicProfile } from '../../lib/profile/basic-profile.ts';
import { missingDetails, stepFromParam } from './onboarding-steps.ts';

describe('stepFromParam', () => {
  it('reads steps 1 to 4', () => {
    expect(stepFromParam('1')).toBe(1);
    expect(stepFromParam('4')).toBe(4);
  });

  it('starts at the first step for a missing or wrong value', () => {
    for (const param of [null, '', '0', '5', '2.5', 'two']) expect(stepFromParam(param)).toBe(1);
  });
});

describe('missingDetails', () => {
  const blank = basicProfile({ id: 'user-1', email: 'owner@example.com', created_at: '2026-01-01T00:00:00.000Z' });

  it('names everything a certificate prints that is not filled in', () => {
    expect(missingDetails(blank)).toEqual([
      'company name',
      'business address',
      'ABN',
      'licence number',
      'applicator name',
      'logo',
      'signature',
    ]);
  });

  it('is empty for a complete profile', () => {
    expect(
      missingDetails({
        ...blank,
        company_name: 'Dry Wet Areas',
        company_address: '1 Main St',
        company_abn: '51824753556',
        licence_number: 'L1',
        applicator_name: 'Sam',
        logo_url: '/api/files/a',
        signature_url: '/api/files/b',
      }),
    ).toEqual([]);
  });
});
