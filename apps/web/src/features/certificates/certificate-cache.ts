import { type Certificate, type CertificateSummary, certificateSummarySchema, type MadeBy } from '@app/contract';
import { z } from 'zod/mini';

/**
 * The local copy of the user's certificate list (PRODUCT.md, API conventions, §9): shown at once while the server list
 * loads, and on a phone that has lost signal. Pure functions over a Storage, so tests can pass a
 * fake one that runs out of space.
 */

/** PRODUCT.md, Constants: at most 50 certificates are kept. */
const CACHE_LIMIT = 50;
/** PRODUCT.md, Constants: when storage is full, retry with only the 10, then the 5 most recent. */
const QUOTA_FALLBACK_SIZES = [10, 5] as const;
/** PRODUCT.md, Constants: how many `cleanupCertificateCache` keeps unless told otherwise. */
const CLEANUP_DEFAULT_KEEP = 20;

export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * One key per user, so a shared phone never shows one person's certificates to another. Like every
 * per-user key, it ends with `:<user id>`, which sign-out clears (lib/outbox/local-user-data.ts).
 */
export const certificateCacheKey = (userId: string) => `certificates-cache:${userId}`;

/**
 * Lists cached before the thumbnail, version, signed and made_by fields still parse: those fields
 * default to what a certificate without them shows (no thumbnail, version 1, unsigned; made by the
 * user, whose alone every certificate was before teams).
 */
const cachedListSchema = z.array(
  z.object({
    ...certificateSummarySchema.shape,
    thumbnail_url: z._default(z.nullable(z.string()), null),
    version: z._default(z.number(), 1),
    signed: z._default(z.boolean(), false),
    made_by: z.optional(certificateSummarySchema.shape.made_by),
  }),
);

/** Newest first, as the server lists them. */
function mostRecentFirst(items: CertificateSummary[]): CertificateSummary[] {
  return [...items].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

export function isQuotaExceeded(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    // Chromium and WebKit, legacy WebKit code, and Firefox.
    (error.name === 'QuotaExceededError' || error.code === 22 || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

/** The cached list, newest first; empty when there is none or it cannot be read. */
export function readCachedCertificates(storage: CacheStorage, userId: string): CertificateSummary[] {
  try {
    const raw = storage.getItem(certificateCacheKey(userId));
    const parsed = raw === null ? undefined : cachedListSchema.safeParse(JSON.parse(raw));
    if (!parsed?.success) return [];
    return parsed.data.map(({ made_by, ...item }) => ({ ...item, made_by: made_by ?? { user_id: userId, name: '' } }));
  } catch {
    // Unreadable JSON, or storage switched off by the browser: behave as if nothing was cached.
    return [];
  }
}

/**
 * Stores the most recent `CACHE_LIMIT` certificates. When storage is full it keeps only the 10,
 * then the 5 most recent; if even that fails the cache is dropped. Returns how many were kept.
 */
export function cacheCertificates(storage: CacheStorage, userId: string, items: CertificateSummary[]): number {
  const key = certificateCacheKey(userId);
  const sorted = mostRecentFirst(items);
  for (const size of [CACHE_LIMIT, ...QUOTA_FALLBACK_SIZES]) {
    const kept = sorted.slice(0, size);
    try {
      storage.setItem(key, JSON.stringify(kept));
      return kept.length;
    } catch (error) {
      if (!isQuotaExceeded(error)) break;
    }
  }
  try {
    storage.removeItem(key);
  } catch {
    // Storage is unavailable altogether; there is nothing left to tidy.
  }
  return 0;
}

/** Keeps only the `keep` most recent cached certificates, freeing space for other local data. */
export function cleanupCertificateCache(storage: CacheStorage, userId: string, keep = CLEANUP_DEFAULT_KEEP): number {
  return cacheCertificates(storage, userId, readCachedCertificates(storage, userId).slice(0, keep));
}

/** Adds or replaces one certificate, e.g. right after it was saved, so the list shows it at once. */
export function cacheCertificate(storage: CacheStorage, userId: string, certificate: Certificate): void {
  const cached = readCachedCertificates(storage, userId);
  const previous = cached.find((item) => item.id === certificate.id);
  const others = cached.filter((item) => item.id !== certificate.id);
  // The certificate says nothing of signatures: the same version keeps what the list last said.
  const signed = previous?.version === certificate.version && previous.signed;
  // Nor does it name its maker: the list's word stands, else the maker by id alone.
  const madeBy =
    previous?.made_by ?? (certificate.user_id === null ? null : { user_id: certificate.user_id, name: '' });
  cacheCertificates(storage, userId, [summaryOf(certificate, signed, madeBy), ...others]);
}

export function uncacheCertificate(storage: CacheStorage, userId: string, id: string): void {
  const cached = readCachedCertificates(storage, userId);
  if (cached.some((item) => item.id === id)) {
    cacheCertificates(
      storage,
      userId,
      cached.filter((item) => item.id !== id),
    );
  }
}

export function summaryOf(certificate: Certificate, signed = false, madeBy: MadeBy = null): CertificateSummary {
  return {
    id: certificate.id,
    certificate_number: certificate.certificate_number,
    job_site_address: certificate.job_site_address,
    installation_date: certificate.installation_date,
    status: certificate.status,
    standards: certificate.standards,
    photo_count: certificate.photos.length,
    thumbnail_url: certificate.photos[0]?.thumbnail_url ?? null,
    version: certificate.version,
    signed,
    made_by: madeBy,
    created_at: certificate.created_at,
    updated_at: certificate.updated_at,
  };
}
