import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { SubmitButton, textLinkClasses } from '../../components/ui/Button.tsx';
import { authErrorMessage } from '../../lib/auth/auth-errors.ts';
import { useSignUpMutation } from './api/sign-up.ts';
import { AuthPage } from './components/AuthPage.tsx';
import { EmailField } from './components/EmailField.tsx';
import { PasswordField } from './components/PasswordField.tsx';
import { ResendConfirmation } from './components/ResendConfirmation.tsx';
import { useAuthForm } from './components/use-auth-form.ts';
import { stateText } from './navigation-state.ts';
import { rememberReturn } from './return-after-reset.ts';
import { emailProblem, NEW_PASSWORD_HINT, newPasswordProblem } from './validation.ts';

export default function RegisterPage() {
  const location = useLocation();
  const [email, setEmail] = useState(() => stateText(location.state, 'email') ?? '');
  const [password, setPassword] = useState('');
  const form = useAuthForm(['email', 'password']);
  const register = useSignUpMutation();
  const submit = form.onSubmit(
    () => ({ email: emailProblem(email), password: newPasswordProblem(password) }),
    () => {
      // The confirmation link may open in another tab: the page that sent the visitor here (an
      // invitation) waits on this device for when it has signed them in.
      const from = stateText(location.state, 'from');
      if (from) rememberReturn(localStorage, from);
      register.mutate({ email: email.trim(), password });
    },
  );

  if (register.isSuccess) {
    // As the account stores it (lower-cased), not as typed: the address the mail went to and sign-in takes.
    const sentTo = register.data.user.email;
    return (
      <AuthPage title="Check your email">
        <Alert tone="success">
          {register.data.confirmation_sent ? (
            <>
              We sent a confirmation link to <strong>{sentTo}</strong>. Open it on this device to finish creating your
              account; you will be signed in straight away.
            </>
          ) : (
            <>
              Your account for <strong>{sentTo}</strong> is created, but the confirmation email could not be sent. Send
              it again below.
            </>
          )}
        </Alert>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Nothing after a few minutes? Check your spam folder, or send the email again.
        </p>
        <ResendConfirmation email={sentTo} />
        <p className="text-sm">
          Already confirmed on another device?{' '}
          <Link to="/login" className={textLinkClasses}>
            Sign in
          </Link>
        </p>
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Create your account" intro="Free to start: create, store and share compliance certificates.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <EmailField {...form.field('email')} value={email} onChange={(event) => setEmail(event.target.value)} />
        <PasswordField
          {...form.field('password')}
          label="Password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {register.isError ? <Alert tone="error">{authErrorMessage(register.error)}</Alert> : null}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          By creating an account you agree to the{' '}
          <Link to="/terms" className={textLinkClasses}>
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className={textLinkClasses}>
            Privacy policy
          </Link>
          .
        </p>
        <SubmitButton pending={register.isPending} pendingLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
      <p className="text-sm">
        Already have an account?{' '}
        <Link to="/login" state={location.state} className={textLinkClasses}>
          Sign in
        </Link>
      </p>
    </AuthPage>
  );
}
