import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClasses, SubmitButton } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { authErrorMessage } from '../../lib/auth/auth-errors.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { updatePassword } from './api/auth-requests.ts';
import { AuthPage } from './components/AuthPage.tsx';
import { PasswordField } from './components/PasswordField.tsx';
import { NEW_PASSWORD_HINT, newPasswordProblem } from './validation.ts';

const TITLE = 'Set a new password';

/** Reached from a password-reset email (which signs the user in), or by a signed-in user. */
export default function UpdatePasswordPage() {
  const auth = useAuth();
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
  return (
    <AuthPage title={TITLE} intro={`For ${auth.session.user.email}. You stay signed in here.`}>
      <NewPasswordForm />
    </AuthPage>
  );
}

function NewPasswordForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const passwordInput = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => {
      toast({
        title: 'Password updated',
        description: 'Use your new password next time you sign in. Your other devices have been signed out.',
      });
      navigate('/', { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password);
    setFieldError(problem);
    if (problem) return passwordInput.current?.focus();
    save.mutate(password);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <PasswordField
        ref={passwordInput}
        label="New password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError}
      />
      {save.isError ? <Alert tone="error">{authErrorMessage(save.error)}</Alert> : null}
      <SubmitButton pending={save.isPending} pendingLabel="Saving password...">
        Save new password
      </SubmitButton>
    </form>
  );
}
