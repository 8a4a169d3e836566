import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { AuthPage } from './components/AuthPage.tsx';
import { NewPasswordForm } from './components/NewPasswordForm.tsx';

const TITLE = 'Set a new password';

/** Reached from a password-reset email (which signs the user in), or by a signed-in user. */
export default function UpdatePasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status === 'loading') return <Spinner label="Checking authentication..." />;
  if (auth.status === 'signed-out') {
    return (
      <AuthPage title={TITLE}>
        <p>
          To set a new password, open the link in your password reset email on this device. Links work once; if yours
          has been used or has expired, ask for a new one with &lsquo;Forgot password?&rsquo; on the sign-in page.
        </p>
        <Link to="/login" className={buttonClasses()}>
          Go to sign in
        </Link>
      </AuthPage>
    );
  }
  const recovery = auth.session.recovery === true;
  return (
    <AuthPage
      title={TITLE}
      intro={
        recovery
          ? `For ${auth.session.user.email}. Your reset link signed you in here: choose your new password.`
          : `For ${auth.session.user.email}. You stay signed in here.`
      }
    >
      <NewPasswordForm askCurrentPassword={!recovery} onSaved={() => navigate('/', { replace: true })} />
    </AuthPage>
  );
}
