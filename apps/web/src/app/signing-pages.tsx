import { lazy } from 'react';
import type { DocumentPanel } from '../lib/document-panel.ts';

/*
 * Signing's page, and the one panel the app composes onto every document page (features meet
 * here; the SWMS pages are composed in swms-signing-pages.tsx, loaded with them). Both load through
 * signing-pages.ts, a small module, so the entry chunk holds one short loader (its preload lists
 * live in that module; PRODUCT.md, Budgets: 130 KB).
 */
const signingPages = () => import('../features/signing/signing-pages.ts').then((module) => module.signingPages);

export const SignPage = lazy(() => signingPages().then((pages) => pages.sign()));
// Rendered only for the owner of a document that can be sent, so visitors never download it.
const SigningPanel = lazy(() => signingPages().then((pages) => pages.panel()));
const CertificateDetailPage = lazy(() => import('../features/certificates/CertificateDetailPage.tsx'));

/** Signing by link, in each document page's panel slot; a page that shows a version follows it. */
export const signingPanel: DocumentPanel = ({ kind, id, version }) => (
  <SigningPanel kind={kind} documentId={id} version={version} />
);

/** The certificate page, with signing by link for the owner of a completed certificate. */
export function CertificateDetailWithSigning() {
  return <CertificateDetailPage documentPanel={signingPanel} />;
}
