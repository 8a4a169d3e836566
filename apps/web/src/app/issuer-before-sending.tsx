import { useId } from 'react';
import { IssuerPanel } from '../components/profile/IssuerPanel.tsx';
import { useServerProfile } from '../lib/profile/get-profile.ts';

/**
 * A SWMS or cover-sheet version is issued when it is sent, opened for sign-on or printed: before
 * that, the profile must name who issues it (ADR 0065), and this says what is missing, in place. A
 * certificate's issuer was settled when it was completed, so its page does not show this.
 */
export default function IssuerBeforeSending() {
  const profile = useServerProfile();
  const id = useId();
  return profile ? <IssuerPanel id={id} profile={profile} refused={false} /> : null;
}
