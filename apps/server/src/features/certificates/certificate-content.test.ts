import { describe, expect, it } from 'vitest';
import { type CertificateContent, certificateFingerprint, contentOf } from './certificate-content.ts';
import type { CertificateRow } from './certificates.repo.ts';

const completed: CertificateRow = {
  id: '6f1c1d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
  businessId: '3c2d8f4e-5a6b-4c7d-9e8f-1a2b3c4d5e6f',
  userId: '0b7e7c1a-1d2e-4f3a-9b4c-5d6e7f8a9b0c',
  certificateNumber: 'WPC-2026-0007',
  numberedIn: null,
  status: 'completed',
  standards: ['AS 3740-2021', 'AS 4654.2-2012'],
  jobSiteAddress: '7 Wattle Crescent, Katoomba NSW 2780',
  installationDate: '2026-11-12',
  areas: 'Ensuite; Laundry',
  materialsUsed: 'Membrane, 2 coats',
  additionalInfo: 'Zoë’s notes',
  photos: [{ file_id: '11111111-2222-4333-8444-555555555555', caption: 'Before' }],
  checklists: [],
  materials: [],
  stateDetails: null,
  reviewNote: null,
  // In the order jsonb hands keys back, not alphabetical: the fingerprint must not depend on it.
  applicator: {
    logo_file_id: null,
    signature_file_id: '99999999-2222-4333-8444-555555555555',
    company_name: 'Zoë Ng-Đặng Waterproofing',
    company_address: '3 Gum Tree Lane',
    company_phone: null,
    company_email: 'z@example.com',
    company_abn: '51824753556',
    licence_number: 'WP-2231',
    applicator_name: 'Zoë Ng-Đặng',
  },
  completedAt: new Date('2026-11-14T03:04:05.678Z'),
  completedMonth: '2026-11',
  version: 1,
  revision: 3,
  amendedAt: null,
  amendmentReason: null,
  withdrawnAt: null,
  createdAt: new Date('2026-11-13T00:00:00Z'),
  updatedAt: new Date('2026-11-14T03:04:05.678Z'),
};

const fingerprintOf = (row: CertificateRow) => certificateFingerprint(contentOf(row));

describe('certificate fingerprint', () => {
  // Printed certificates carry these: the values were computed before the document layer existed.
  it('is unchanged for certificates issued before the shared fingerprint function', () => {
    expect(fingerprintOf(completed)).toBe('39ff05b4bd83ba3abe71c0ac3d7968b3269b66bda1bd746f4ceedb2b9deb61d1');
    const draft: CertificateRow = {
      ...completed,
      status: 'draft',
      certificateNumber: null,
      completedAt: null,
      applicator: null,
      checklists: [],
      photos: [],
    };
    expect(fingerprintOf(draft)).toBe('ed843d983040ee53eedc303fe88c513299cec376ec37da6841a0fc3a0fd070b4');
  });

  it('ignores edit times and changes with any printed field', () => {
    const base = fingerprintOf(completed);
    expect(fingerprintOf({ ...completed, updatedAt: new Date(), revision: 9 })).toBe(base);
    expect(fingerprintOf({ ...completed, areas: 'Ensuite' })).not.toBe(base);
    expect(fingerprintOf({ ...completed, photos: [] })).not.toBe(base);
  });

  it('covers the structured materials, the state details and when and where photos were taken', () => {
    const base = fingerprintOf(completed);
    const line = { product: 'Hydrabond 300', brand: 'Ardex', type_class: 'Class III', batch: 'B12', coats: 2 };
    const withMaterials = fingerprintOf({ ...completed, materials: [line] });
    expect(withMaterials).not.toBe(base);
    expect(fingerprintOf({ ...completed, materials: [{ ...line, batch: 'B13' }] })).not.toBe(withMaterials);
    const details = {
      state: 'QLD' as const,
      lot_and_plan: 'Lot 3 RP12345',
      local_government_area: 'Brisbane City',
      building_class: '1a',
      aspects_certified: 'Shower membrane',
    };
    const withDetails = fingerprintOf({ ...completed, stateDetails: details });
    expect(withDetails).not.toBe(base);
    expect(fingerprintOf({ ...completed, stateDetails: { ...details, building_class: '2' } })).not.toBe(withDetails);
    const [photo] = completed.photos;
    if (!photo) throw new Error('the fixture has a photo');
    const taken = fingerprintOf({ ...completed, photos: [{ ...photo, taken_at: '2026-11-12T09:30' }] });
    expect(taken).not.toBe(base);
    const located = { ...photo, taken_at: '2026-11-12T09:30', location: { latitude: -27.47, longitude: 153.02 } };
    expect(fingerprintOf({ ...completed, photos: [located] })).not.toBe(taken);
  });

  it('gives an amendment its own fingerprint, even when it prints the same fields', () => {
    const amended: CertificateContent = {
      ...contentOf(completed),
      version: 2,
      amended_at: '2026-12-03T01:00:00.000Z',
      amendment_reason: null,
    };
    expect(certificateFingerprint(amended)).not.toBe(fingerprintOf(completed));
    expect(certificateFingerprint({ ...amended, amendment_reason: 'Wrong area' })).not.toBe(
      certificateFingerprint(amended),
    );
  });
});
