import { lazy } from 'react';
import type { DocumentPanel } from '../lib/document-panel.ts';

// Rendered only for the owner of a document that can be sent, so visitors never download it.
const SigningPanel = lazy(async () => (await import('../features/signing/pages.ts')).pages.panel());

/** Signing by link, in each document page's panel slot; a page that shows a version follows it. */
export const signingPanel: DocumentPanel = ({ kind, id, version }) => (
  <SigningPanel kind={kind} documentId={id} version={version} />
);
