import { EmailLinkPage, tokenHashLinkFrom } from './components/EmailLinkPage.tsx';

/** Where emails sent without a PKCE challenge return, with a token hash. */
export default function ConfirmEmailPage() {
  return <EmailLinkPage pendingTitle="Confirm your email" readLink={tokenHashLinkFrom} />;
}
