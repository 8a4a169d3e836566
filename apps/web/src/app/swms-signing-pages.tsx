import CoverSheetEditPage from '../features/swms/CoverSheetEditPage.tsx';
import SwmsPage from '../features/swms/SwmsPage.tsx';
import { signingPanel } from './signing-panel.tsx';

/* The SWMS and cover-sheet pages with signing composed in (features meet here; app/pages.ts loads them). */

/** A SWMS, with signing by link and crew sign-on at the site. */
export function SwmsWithSigning() {
  return <SwmsPage documentPanel={signingPanel} />;
}

/** A cover sheet, with signing by link. */
export function CoverSheetWithSigning() {
  return <CoverSheetEditPage documentPanel={signingPanel} />;
}
