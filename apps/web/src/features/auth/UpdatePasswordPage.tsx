import { authErrorMessages } from '@app/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClasses, SubmitButton } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { authErrorMessage, isCurrentPasswordProblem } from '../../lib/auth/auth-errors.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { useUpdatePasswordMutation } from './api/update-password.ts';
import { AuthPage } from './components/AuthPage.tsx';
import { PasswordField } from './components/PasswordField.tsx';
import { useAuthForm } from './components/use-auth-form.ts';
import { takeReturn } from './return-after-reset.ts';
import { NEW_PASSWORD_HINT, newPasswordProblem } from './validation.ts';

const TITLE = 'Set a new password';

/**
 * Reached from a password-reset email (which signs the user in), from a sign-up confirmed away from
 * the browser that signed up (which must choose its password here), or by a signed-in user.
 */
export default function UpdatePasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const confirmedSignUp = (useLocation().state as { confirmedSignUp?: boolean } | null)?.confirmedSignUp === true;
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
      title={confirmedSignUp ? 'Choose your password' : TITLE}
      intro={
        confirmedSignUp
          ? `${auth.session.user.email} is confirmed. The link was opened away from the browser that signed up, so for your safety choose the password for this account here.`
          : recovery
            ? `For ${auth.session.user.email}. Your reset link signed you in here: choose your new password.`
            : `For ${auth.session.user.email}. You stay signed in here.`
      }
    >
      <NewPasswordForm
        askCurrentPassword={!recovery}
        // Back to the page the user was going to when they asked for a reset or signed up (an
        // invitation); else a new account goes on to set up its company, as after any first sign-in.
        onSaved={() => navigate(takeReturn(localStorage) ?? (confirmedSignUp ? '/onboarding' : '/'), { replace: true })}
      />
    </AuthPage>
  );
}

/**
 * Also on /profile (AccountSettings), which imports it from here so both pages share one chunk.
 * `askCurrentPassword`: outside a recovery session the server needs the current password too, so
 * a stolen access token alone cannot change it. A session begun by a reset link needs only the new one.
 */
export function NewPasswordForm({
  askCurrentPassword: askAtFirst,
  onSaved,
}: {
  askCurrentPassword: boolean;
  /** After the toast: where the page goes next, or how it resets the form. */
  onSaved: () => void;
}) {
  // Decided when the form opens: saving ends the recovery session, and the field must not pop up then.
  const [askCurrentPassword] = useState(askAtFirst);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  // The server has the last word: if it asks for the current password, the field appears.
  const [serverWantsCurrent, setServerWantsCurrent] = useState(false);
  const showCurrentPassword = askCurrentPassword || serverWantsCurrent;
  const form = useAuthForm(['currentPassword', 'password']);
  const save = useUpdatePasswordMutation({
    onSuccess: () => {
      toast({
        title: 'Password updated',
        description: 'Use your new password next time you sign in. Your other devices have been signed out.',
      });
      onSaved();
    },
    onError: (error) => {
      if (!isCurrentPasswordProblem(error)) return;
      // Shown by the field it is about, which then takes the focus (below).
      setServerWantsCurrent(true);
      form.setError('currentPassword', authErrorMessage(error));
    },
  });
  const currentPasswordRefused = save.isError && isCurrentPasswordProblem(save.error);
  const refusal = currentPasswordRefused ? save.error : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per refusal, when its field is there.
  useEffect(() => {
    if (refusal) form.focus('currentPassword');
  }, [refusal]);

  const submit = form.onSubmit(
    () => ({
      currentPassword: showCurrentPassword && !currentPassword ? authErrorMessages.currentPasswordRequired : undefined,
      password: newPasswordProblem(password),
    }),
    () => save.mutate({ password, currentPassword: showCurrentPassword ? currentPassword : undefined }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {showCurrentPassword ? (
        <PasswordField
          {...form.field('currentPassword')}
          label="Current password"
          autoComplete="current-password"
          hint="The password you sign in with now."
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            if (form.field('currentPassword').error) form.setError('currentPassword', undefined);
          }}
        />
      ) : null}
      <PasswordField
        {...form.field('password')}
        label="New password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {save.isError && !currentPasswordRefused ? <Alert tone="error">{authErrorMessage(save.error)}</Alert> : null}
      <SubmitButton pending={save.isPending} pendingLabel="Saving password...">
        Save new password
      </SubmitButton>
    </form>
  );
}
