import { lazy, useId } from 'react';
import { IssuerPanel } from '../components/profile/IssuerPanel.tsx';
import type { DocumentPanel } from '../lib/document-panel.ts';
import { useProfileQuery } from '../lib/profile/get-profile.ts';

// Rendered only for the owner of a document that can be sent, so visitors never download it.
const SigningPanel = lazy(async () => (await import('../features/signing/pages.ts')).pages.panel());

/**
 * A SWMS or cover-sheet version is issued when it is sent, opened for sign-on or printed: before
 * that, the profile must name who issues it (ADR 0065), and this says what is missing, in place. A
 * certificate's issuer was settled when it was completed.
 */
function IssuerBeforeSending() {
  // Only a profile the server sent can say what is missing; the basic one stands in for one that failed.
  const profile = useProfileQuery().query.data;
  const id = useId();
  return profile ? <IssuerPanel id={id} profile={profile} refused={false} /> : null;
}

/** Signing by link, in each document page's panel slot; a page that shows a version follows it. */
export const signingPanel: DocumentPanel = ({ kind, id, version }) => (
  <>
    {kind === 'certificate' ? null : <IssuerBeforeSending />}
    <SigningPanel kind={kind} documentId={id} version={version} />
  </>
);
