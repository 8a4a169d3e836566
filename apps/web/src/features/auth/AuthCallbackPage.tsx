import { codeLinkFrom, EmailLinkPage } from './components/EmailLinkPage.tsx';

/** Where confirmation and password-reset emails return with a PKCE code. */
export default function AuthCallbackPage() {
  return <EmailLinkPage pendingTitle="Signing you in" readLink={codeLinkFrom} />;
}
