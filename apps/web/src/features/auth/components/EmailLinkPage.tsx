import { authErrorCodes, type EmailLinkType, emailLinkTypes } from '@app/contract';
import { Suspense, use, useEffect, useId, useReducer, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { authErrorMessage, isRecoveryLinkOtherBrowser } from '../../../lib/auth/auth-errors.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { completeEmailLink, type EmailLink, type EmailLinkOutcome } from '../api/complete-email-link.ts';
import { takeReturn } from '../return-after-reset.ts';
import { AuthPage } from './AuthPage.tsx';
import { PasswordResetForm } from './PasswordResetForm.tsx';

/**
 * A link works once, so each is completed once per page load however often React renders or
 * mounts the page (StrictMode mounts twice); "Try again" forgets a failed attempt.
 */
const outcomes = new Map<string, Promise<EmailLinkOutcome>>();
const linkKey = (link: EmailLink) => ('code' in link ? `code:${link.code}` : `token:${link.tokenHash}`);

function completeOnce(link: EmailLink): Promise<EmailLinkOutcome> {
  const key = linkKey(link);
  let outcome = outcomes.get(key);
  if (!outcome) {
    outcome = completeEmailLink(link);
    outcomes.set(key, outcome);
  }
  return outcome;
}

function linkType(params: URLSearchParams): EmailLinkType | undefined {
  const type = params.get('type');
  return emailLinkTypes.find((known) => known === type);
}

/** /auth/callback?code=…&type=…: a PKCE code. */
export function codeLinkFrom(params: URLSearchParams): EmailLink | null {
  const type = linkType(params);
  const code = params.get('code');
  return type && code ? { type, code } : null;
}

/** /auth/confirm?token_hash=…&type=…: a token-hash link (sent when the browser could not do PKCE). */
export function tokenHashLinkFrom(params: URLSearchParams): EmailLink | null {
  const type = linkType(params);
  const tokenHash = params.get('token_hash');
  return type && tokenHash ? { type, tokenHash } : null;
}

const primaryLink = buttonClasses();

export function EmailLinkPage({
  pendingTitle,
  readLink,
}: {
  pendingTitle: string;
  readLink: (params: URLSearchParams) => EmailLink | null;
}) {
  const [params] = useSearchParams();
  const link = readLink(params);
  if (!link) {
    return (
      <AuthPage title="This link is incomplete">
        <p>Open the link from your email again. If you copied it, make sure you copied the whole address.</p>
        <Link to="/login" className={primaryLink}>
          Go to sign in
        </Link>
      </AuthPage>
    );
  }
  return (
    <Suspense
      fallback={
        <AuthPage title={pendingTitle}>
          <Spinner label="Checking your link..." />
        </AuthPage>
      }
    >
      <EmailLinkOutcomeView link={link} pendingTitle={pendingTitle} />
    </Suspense>
  );
}

function EmailLinkOutcomeView({ link, pendingTitle }: { link: EmailLink; pendingTitle: string }) {
  // After "Try again" forgets the failed attempt, a re-render makes use() start a new one.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const outcome = use(completeOnce(link));
  const navigate = useNavigate();

  useEffect(() => {
    if (outcome.status !== 'signed-in') return;
    if (outcome.choosePassword) {
      navigate('/auth/update-password', { replace: true, state: { confirmedSignUp: outcome.type === 'signup' } });
      return;
    }
    toast({ title: 'Email confirmed', description: 'Welcome to TradeCert. You are signed in.' });
    // Back to the page sign-up was started from (e.g. an invitation), else home.
    navigate(takeReturn(localStorage) ?? '/', { replace: true });
  }, [outcome, navigate]);

  if (outcome.status === 'signed-in') {
    return (
      <AuthPage title={pendingTitle}>
        <Spinner label="Signing you in..." />
      </AuthPage>
    );
  }

  if (outcome.status === 'confirmed' && outcome.type === 'email_change') {
    return <EmailChanged email={outcome.email} />;
  }

  if (outcome.status === 'confirmed') {
    return (
      <AuthPage title="Your email is confirmed">
        <p>Thanks, {outcome.email} is confirmed. Please sign in with your email and password to continue.</p>
        <Link to="/login" className={primaryLink}>
          Sign in
        </Link>
      </AuthPage>
    );
  }

  if (isRecoveryLinkOtherBrowser(outcome.error))
    return <RecoveryLinkOtherBrowser message={authErrorMessage(outcome.error)} />;

  const failure = describeFailure(outcome.type, outcome.error);
  return (
    <AuthPage title={failure.title}>
      <Alert tone="error">{failure.message}</Alert>
      {failure.canRetry ? (
        <Button
          onClick={() => {
            outcomes.delete(linkKey(link));
            rerender();
          }}
        >
          Try again
        </Button>
      ) : null}
      <Link to="/login" className={buttonClasses(failure.canRetry ? 'secondary' : 'primary')}>
        Go to sign in
      </Link>
    </AuthPage>
  );
}

/**
 * A password-reset link asked for in another browser: for safety it works only there (it needs
 * that browser's PKCE verifier). Say so, and offer a new link that will work here.
 */
function RecoveryLinkOtherBrowser({ message }: { message: string }) {
  const [email, setEmail] = useState('');
  const headingId = useId();
  return (
    <AuthPage title="Open this link on the device that asked for it">
      <Alert tone="error">{message}</Alert>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          Send a new link to this device
        </h2>
        <p>Enter the email address of your account. The new link will work in this browser.</p>
        <PasswordResetForm email={email} onEmailChange={setEmail} submitLabel="Send a new link to this device" />
      </section>
      <Link to="/login" className={buttonClasses('secondary')}>
        Go to sign in
      </Link>
    </AuthPage>
  );
}

/** An email change is done: the account signs in with the new address from now on. */
function EmailChanged({ email }: { email: string }) {
  const signedIn = useAuth().status === 'signed-in';
  return (
    <AuthPage title="Your email address has changed">
      <p className="break-words">From now on, sign in to TradeCert with {email}.</p>
      <Link to={signedIn ? '/profile' : '/login'} className={primaryLink}>
        {signedIn ? 'Back to your profile' : 'Sign in'}
      </Link>
    </AuthPage>
  );
}

function describeFailure(type: EmailLinkType, error: unknown): { title: string; message: string; canRetry: boolean } {
  const code = error instanceof ApiError ? error.code : undefined;
  const askAgain = {
    recovery: "Ask for a new one: on the sign-in page, choose 'Forgot password?'.",
    signup:
      'If your email is already confirmed, just sign in. Otherwise try to sign in and we will offer to send you a new confirmation link.',
    email_change: 'To change your email address, ask again on your profile page (Change email address).',
  }[type];
  if (code === authErrorCodes.linkExpired) {
    return {
      title: 'This link has expired',
      message: `Links in our emails expire for your safety. ${askAgain}`,
      canRetry: false,
    };
  }
  if (code === authErrorCodes.invalidLink) {
    return {
      title: 'This link does not work',
      message: `It may have been used already: each link works only once. ${askAgain}`,
      canRetry: false,
    };
  }
  return { title: 'We could not check this link', message: authErrorMessage(error), canRetry: true };
}
