/**
 * The sample certificate on the landing page: an image of the real PDF's first page, rendered by
 * `npm run render:sample-certificate` (scripts/render-sample-certificate.ts) and committed in public/.
 */
export const SAMPLE_CERTIFICATE_IMAGE = {
  src: '/sample-certificate.webp',
  // A4 proportions (210 × 297 mm).
  width: 896,
  height: 1267,
  alt: 'A sample certificate of compliance for waterproofing: company letterhead with logo, ABN and licence, certificate number and issue date, job site, areas treated, the standard complied with, materials used, a flood test note, the signed declaration, and a QR code with the fingerprint to verify it online.',
} as const;
