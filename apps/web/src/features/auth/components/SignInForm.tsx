import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton, textLinkClasses } from '../../../components/ui/Button.tsx';
import { focusWhenShown } from '../../../components/ui/focus-when-shown.ts';
import { authErrorMessage, isEmailNotConfirmed } from '../../../lib/auth/auth-errors.ts';
import { useSignIn } from '../api/sign-in.ts';
import { currentPasswordProblem, emailProblem } from '../validation.ts';
import { EmailField } from './EmailField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useAuthForm } from './use-auth-form.ts';

// Only for an account whose email is not confirmed yet, so /login does not carry it (PRODUCT.md, Budgets).
const ResendConfirmation = lazy(() =>
  import('./ResendConfirmation.tsx').then((module) => ({ default: module.ResendConfirmation })),
);

type SignInFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onSignedIn: () => void;
};

export function SignInForm({ email, onEmailChange, onForgotPassword, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const form = useAuthForm(['email', 'password']);
  const signIn = useSignIn({ onSuccess: onSignedIn });
  const submit = form.onSubmit(
    () => ({ email: emailProblem(email), password: currentPasswordProblem(password) }),
    () => signIn.send({ email: email.trim(), password }),
  );

  // Stays busy after success too: the page moves on after a short delay (PRODUCT.md, Constants).
  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField {...form.field('email')} value={email} onChange={(event) => onEmailChange(event.target.value)} />
      <PasswordField
        {...form.field('password')}
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {signIn.isError ? (
        // A new alert for each failure, so each one takes the focus.
        <Alert key={signIn.failedAttempt} tone="error" ref={focusWhenShown}>
          {authErrorMessage(signIn.error)}
        </Alert>
      ) : null}
      {signIn.isError && isEmailNotConfirmed(signIn.error) ? (
        <Suspense fallback={null}>
          <ResendConfirmation email={email.trim()} />
        </Suspense>
      ) : null}
      <SubmitButton pending={busy} pendingLabel="Signing in...">
        Sign in
      </SubmitButton>
      <button type="button" className={`min-h-11 self-start text-sm ${textLinkClasses}`} onClick={onForgotPassword}>
        Forgot password?
      </button>
    </form>
  );
}
