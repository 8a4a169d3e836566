import type { GalleryPhoto } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { certificatesOf } from './gallery-certificates.ts';

const photo = (certificateId: string, number: string | null, address: string): GalleryPhoto => ({
  certificate_id: certificateId,
  certificate_number: number,
  job_site_address: address,
  file_id: `${certificateId}-${Math.random()}`,
  caption: '',
  url: '/full',
  thumbnail_url: '/thumb',
});

describe('certificatesOf', () => {
  it('lists each certificate with photos once, in gallery order', () => {
    expect(
      certificatesOf([
        photo('b', 'WPC-2026-0002', '3 Quay St'),
        photo('b', 'WPC-2026-0002', '3 Quay St'),
        photo('a', null, ''),
      ]),
    ).toEqual([
      { id: 'b', label: 'WPC-2026-0002: 3 Quay St' },
      { id: 'a', label: 'Draft: No address yet' },
    ]);
  });
});
