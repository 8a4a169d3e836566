import CoverSheetEditPage from '../features/swms/CoverSheetEditPage.tsx';
import SwmsPage from '../features/swms/SwmsPage.tsx';
import type { DocumentPanel } from '../lib/document-panel.ts';
import IssuerBeforeSending from './issuer-before-sending.tsx';
import { signingPanel } from './signing-panel.tsx';

/* The SWMS and cover-sheet pages with signing composed in (features meet here; app/pages.ts loads them). */

/** Signing, after what the profile still lacks to issue the document (ADR 0065). */
const issuingPanel: DocumentPanel = (document) => (
  <>
    <IssuerBeforeSending />
    {signingPanel(document)}
  </>
);

/** A SWMS, with signing by link and crew sign-on at the site. */
export function SwmsWithSigning() {
  return <SwmsPage documentPanel={issuingPanel} />;
}

/** A cover sheet, with signing by link. */
export function CoverSheetWithSigning() {
  return <CoverSheetEditPage documentPanel={issuingPanel} />;
}
