import { type InvitationPreview, teamMessages } from '@app/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses, textLinkClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { useInvitation } from './api/get-invitation.ts';
import { businessCalled, INVITED_AS, invitationView } from './invitation-view.ts';

// Only the invitee signed in with the invited address joins: its code (and the confirmation dialog
// for deleting their records) loads then, so a visitor's page stays within the public budget.
const JoinBusiness = lazy(() =>
  import('./components/JoinBusiness.tsx').then((module) => ({ default: module.JoinBusiness })),
);

/**
 * /invite/:token (ADR 0077): who invites whom as what, and the way in. A visitor creates an account
 * or signs in and comes back here with the address filled in; the invitee signed in with that
 * address joins; anyone else is told which address to use. A public page: its script stays small.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const { read, reload } = useInvitation(token);
  if (read.status === 'loading') return <Spinner label="Loading the invitation..." />;
  if (read.status === 'failed') {
    const invalid = read.error instanceof ApiError && read.error.status === 404;
    return (
      <InviteColumn title={invalid ? 'This invitation link is not valid' : 'We could not open this invitation'}>
        <p>{requestErrorMessage(read.error)}</p>
        {invalid ? null : <Button onClick={reload}>Try again</Button>}
      </InviteColumn>
    );
  }
  return <InvitationAnswer token={token} invitation={read.data} />;
}

function InvitationAnswer({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const auth = useAuth();
  const signedInAs = auth.status === 'signed-in' ? auth.session.user.email : null;
  const view = invitationView(invitation, signedInAs);
  if (view.kind === 'closed') {
    return (
      <InviteColumn title={view.title}>
        <p>{view.nextStep}</p>
        {invitation.status === 'used' ? (
          <p>
            Already joined?{' '}
            <Link to="/login" className={textLinkClasses}>
              Sign in
            </Link>
          </p>
        ) : null}
      </InviteColumn>
    );
  }
  const here = `/invite/${token}`;
  // Sign-in and sign-up come back here, with the invited address filled in.
  const authState = { from: here, email: invitation.email };
  return (
    <InviteColumn
      title={`${businessCalled(invitation.business_name, { starting: true })} invited you to join as ${INVITED_AS[invitation.role]}`}
    >
      {auth.status === 'loading' ? <Spinner label="Checking authentication..." /> : null}
      {view.kind === 'signed-out' && auth.status !== 'loading' ? (
        <>
          <p>
            The invitation is for <strong className="break-words">{invitation.email}</strong>. Create an account with
            that address, or sign in if you have one, to accept it.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/register" state={authState} className={buttonClasses('primary')}>
              Create an account
            </Link>
            <Link to="/login" state={authState} className={buttonClasses('secondary')}>
              Sign in
            </Link>
          </div>
        </>
      ) : null}
      {view.kind === 'wrong-address' ? (
        <>
          <Alert tone="info">
            <p className="break-words">
              {teamMessages.wrongAddress(view.email)} You are signed in as {signedInAs}.
            </p>
          </Alert>
          <Link to="/login" state={authState} className={`self-start ${buttonClasses('primary')}`}>
            Sign in with {view.email}
          </Link>
        </>
      ) : null}
      {view.kind === 'can-join' ? (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <JoinBusiness token={token} invitation={invitation} />
        </Suspense>
      ) : null}
    </InviteColumn>
  );
}

/** The narrow, phone-first column of the invitation's states. */
function InviteColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-8 sm:py-12">
      <PageTitle>{title}</PageTitle>
      {children}
    </section>
  );
}
