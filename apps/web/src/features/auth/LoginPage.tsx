import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { textLinkClasses } from '../../components/ui/Button.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { AuthPage } from './components/AuthPage.tsx';
import { SignInForm } from './components/SignInForm.tsx';
import { stateText } from './navigation-state.ts';
import { isAppPath, rememberReturn } from './return-after-reset.ts';

// Only for a visitor who forgot their password, so /login does not carry it (PRODUCT.md, Budgets).
const PasswordResetForm = lazy(() =>
  import('./components/PasswordResetForm.tsx').then((module) => ({ default: module.PasswordResetForm })),
);

/** PRODUCT.md, Constants: the pause between a successful sign-in and moving on. */
const SIGN_IN_REDIRECT_DELAY_MS = 100;

/**
 * Where to go after signing in: the guarded page that sent the visitor here (RequireAuth puts it in
 * `state.from`), else the home page. Only paths inside this app are accepted.
 */
function returnPath(state: unknown): string {
  const from = stateText(state, 'from');
  return isAppPath(from) ? from : '/';
}

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setShownMode] = useState<'sign-in' | 'reset-password'>('sign-in');
  // Once the visitor swaps one form for the other, each title takes the focus as it appears.
  const [swapped, setSwapped] = useState(false);
  const setMode = (next: 'sign-in' | 'reset-password') => {
    setShownMode(next);
    setSwapped(true);
  };
  // Shared by both forms, so "Forgot password?" starts with the address already typed.
  const [email, setEmail] = useState(() => stateText(location.state, 'email') ?? '');
  const [signedIn, setSignedIn] = useState(false);
  // The server's message to a member just removed from a business (the session store keeps it
  // until the next sign-in); the page they were on belongs to that business, so home afterwards.
  const auth = useAuth();
  const [removedMessage] = useState(() => (auth.status === 'signed-out' ? auth.removed : undefined));
  const target = removedMessage ? '/' : returnPath(location.state);
  const cameFromGuardedPage = target !== '/';
  const sessionExpired = (location.state as { expired?: unknown } | null)?.expired === true;

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), SIGN_IN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate, target]);

  if (mode === 'reset-password') {
    return (
      <AuthPage
        title="Reset your password"
        focusTitle={swapped}
        intro="Enter the email address of your account and we will email you a link to set a new password."
      >
        <Suspense fallback={null}>
          <PasswordResetForm email={email} onEmailChange={setEmail} onBack={() => setMode('sign-in')} />
        </Suspense>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Sign in"
      intro={
        sessionExpired
          ? 'Your session has ended. Sign in again to go back to that page.'
          : cameFromGuardedPage
            ? 'Sign in to continue to that page.'
            : undefined
      }
      focusTitle={swapped}
    >
      {removedMessage ? <Alert tone="info">{removedMessage}</Alert> : null}
      <SignInForm
        email={email}
        onEmailChange={setEmail}
        onForgotPassword={() => {
          // The reset link opens in another tab: the page the visitor was going to waits there.
          rememberReturn(localStorage, target);
          setMode('reset-password');
        }}
        onSignedIn={() => setSignedIn(true)}
      />
      <p className="text-sm">
        New to TradeCert? {/* The place to come back to, and an invitation's address, go along to sign-up. */}
        <Link to="/register" state={location.state} className={textLinkClasses}>
          Create an account
        </Link>
      </p>
    </AuthPage>
  );
}
