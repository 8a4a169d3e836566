import CoverSheetEditPage from '../features/swms/CoverSheetEditPage.tsx';
import SwmsPage from '../features/swms/SwmsPage.tsx';
import type { SigningPanel as SwmsSigningPanel } from '../features/swms/swms-signing-slot.ts';
import { SigningPanel } from './signing-pages.tsx';

/*
 * The SWMS and cover-sheet pages with signing composed in (features meet here). page-loaders.ts
 * loads this module with them, so the entry chunk gains nothing (PRODUCT.md, Budgets: 130 KB).
 */

/** The pages pass the version they show, so the panel follows an edit that made a new version. */
const signingPanel: SwmsSigningPanel = ({ kind, id, version }) => (
  <SigningPanel kind={kind} documentId={id} version={version} />
);

/** A SWMS, with signing by link and crew sign-on at the site. */
export function SwmsWithSigning() {
  return <SwmsPage signingPanel={signingPanel} />;
}

/** A cover sheet, with signing by link. */
export function CoverSheetWithSigning() {
  return <CoverSheetEditPage signingPanel={signingPanel} />;
}
