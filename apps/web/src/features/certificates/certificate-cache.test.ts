import type { Certificate, CertificateSummary } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  cacheCertificate,
  cacheCertificates,
  certificateCacheKey,
  cleanupCertificateCache,
  readCachedCertificates,
  summaryOf,
  uncacheCertificate,
} from './certificate-cache.ts';
import { FakeStorage } from './testing/fake-storage.ts';

const summary = (n: number): CertificateSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  certificate_number: null,
  job_site_address: `${n} Harbour St`,
  installation_date: null,
  status: 'draft',
  standards: [],
  photo_count: 0,
  thumbnail_url: null,
  version: 1,
  signed: false,
  made_by: { user_id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Sam Taylor' },
  // One a minute, so a higher n is more recent.
  created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});
/** n certificates, oldest first (the cache must sort them). */
const summaries = (count: number) => Array.from({ length: count }, (_, i) => summary(i + 1));
const addresses = (items: CertificateSummary[]) => items.map((item) => item.job_site_address);
/** How long the stored value is when the `count` most recent of `total` are kept. */
const lengthOfNewest = (count: number, total: number) =>
  JSON.stringify(summaries(total).slice(-count).reverse()).length;

describe('certificate cache', () => {
  it('reads a list cached before thumbnails, versions and signatures were listed', () => {
    const storage = new FakeStorage();
    const { thumbnail_url: _t, version: _v, signed: _s, ...old } = summary(1);
    storage.setItem(certificateCacheKey('u'), JSON.stringify([old]));
    expect(readCachedCertificates(storage, 'u')).toEqual([summary(1)]);
  });

  it('is kept per user', () => {
    const storage = new FakeStorage();
    cacheCertificates(storage, 'user-a', summaries(2));
    expect(readCachedCertificates(storage, 'user-a')).toHaveLength(2);
    expect(readCachedCertificates(storage, 'user-b')).toEqual([]);
    expect([...storage.items.keys()]).toEqual([certificateCacheKey('user-a')]);
  });

  it('keeps at most the 50 most recent, newest first', () => {
    const storage = new FakeStorage();
    expect(cacheCertificates(storage, 'u', summaries(60))).toBe(50);
    const cached = readCachedCertificates(storage, 'u');
    expect(cached).toHaveLength(50);
    expect(cached[0]?.job_site_address).toBe('60 Harbour St');
    expect(cached.at(-1)?.job_site_address).toBe('11 Harbour St');
  });

  it('on a quota error trims to the 10 most recent', () => {
    const storage = new FakeStorage(lengthOfNewest(10, 30));
    expect(cacheCertificates(storage, 'u', summaries(30))).toBe(10);
    expect(addresses(readCachedCertificates(storage, 'u'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `${30 - i} Harbour St`),
    );
  });

  it('then to the 5 most recent', () => {
    const storage = new FakeStorage(lengthOfNewest(5, 30));
    expect(cacheCertificates(storage, 'u', summaries(30))).toBe(5);
    expect(addresses(readCachedCertificates(storage, 'u'))).toEqual([
      '30 Harbour St',
      '29 Harbour St',
      '28 Harbour St',
      '27 Harbour St',
      '26 Harbour St',
    ]);
    // 30 (within 50), then 10, then 5.
    expect(storage.attempts).toHaveLength(3);
  });

  it('drops the cache when even 5 do not fit', () => {
    const storage = new FakeStorage(lengthOfNewest(1, 30));
    storage.items.set(certificateCacheKey('u'), JSON.stringify([summary(1)]));
    expect(cacheCertificates(storage, 'u', summaries(30))).toBe(0);
    expect(storage.items.has(certificateCacheKey('u'))).toBe(false);
  });

  it('does not retry errors other than the quota', () => {
    const storage = new FakeStorage();
    storage.setItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(cacheCertificates(storage, 'u', summaries(3))).toBe(0);
  });

  it('cleans up to the 20 most recent by default, or to any number asked for', () => {
    const storage = new FakeStorage();
    cacheCertificates(storage, 'u', summaries(50));
    expect(cleanupCertificateCache(storage, 'u')).toBe(20);
    expect(readCachedCertificates(storage, 'u')[19]?.job_site_address).toBe('31 Harbour St');
    expect(cleanupCertificateCache(storage, 'u', 3)).toBe(3);
    expect(addresses(readCachedCertificates(storage, 'u'))).toEqual([
      '50 Harbour St',
      '49 Harbour St',
      '48 Harbour St',
    ]);
  });

  it('reads nothing from a corrupt or foreign value', () => {
    const storage = new FakeStorage();
    storage.items.set(certificateCacheKey('u'), '{not json');
    expect(readCachedCertificates(storage, 'u')).toEqual([]);
    storage.items.set(certificateCacheKey('u'), JSON.stringify([{ id: 1 }]));
    expect(readCachedCertificates(storage, 'u')).toEqual([]);
  });

  it('adds a saved certificate at the top, replacing its older copy, and removes a deleted one', () => {
    const storage = new FakeStorage();
    cacheCertificates(storage, 'u', summaries(3));
    const saved: Certificate = {
      ...summary(2),
      user_id: 'u',
      job_site_address: '2 Harbour St, rear unit',
      areas: 'Ensuite',
      materials_used: '',
      materials: [],
      state_details: null,
      additional_info: '',
      checklists: [],
      photos: [],
      applicator: null,
      completed_at: null,
      is_owner: true,
      fingerprint: 'f'.repeat(64),
      version: 1,
      amended_at: null,
      amendment_reason: null,
      review_note: null,
      revision: 0,
      verdict: { status: 'not_issued', superseded_by: null, withdrawn_at: null },
    };
    cacheCertificate(storage, 'u', saved);
    expect(addresses(readCachedCertificates(storage, 'u'))).toEqual([
      '3 Harbour St',
      '2 Harbour St, rear unit',
      '1 Harbour St',
    ]);
    // The saved certificate does not name its maker: the list's word for it stands.
    expect(readCachedCertificates(storage, 'u')[1]).toEqual(summaryOf(saved, false, summary(2).made_by));

    uncacheCertificate(storage, 'u', saved.id);
    expect(addresses(readCachedCertificates(storage, 'u'))).toEqual(['3 Harbour St', '1 Harbour St']);
  });
});
