import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton, textLinkClasses } from '../../../components/ui/Button.tsx';
import { authErrorMessage, isEmailNotConfirmed } from '../../../lib/auth/auth-errors.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { currentPasswordProblem, emailProblem } from '../validation.ts';
import { EmailField } from './EmailField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { ResendConfirmation } from './ResendConfirmation.tsx';

type SignInFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onSignedIn: () => void;
};

export function SignInForm({ email, onEmailChange, onForgotPassword, onSignedIn }: SignInFormProps) {
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const signIn = useMutation({
    mutationFn: () => authStore.signInWithPassword({ email: email.trim(), password }),
    onSuccess: onSignedIn,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = { email: emailProblem(email), password: currentPasswordProblem(password) };
    setFieldErrors(errors);
    if (errors.email) return emailInput.current?.focus();
    if (errors.password) return passwordInput.current?.focus();
    signIn.mutate();
  };

  // Stays busy after success too: the page moves on after a short delay (PRODUCT.md, Constants).
  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField
        ref={emailInput}
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={fieldErrors.email}
      />
      <PasswordField
        ref={passwordInput}
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      {signIn.isError ? <Alert tone="error">{authErrorMessage(signIn.error)}</Alert> : null}
      {signIn.isError && isEmailNotConfirmed(signIn.error) ? <ResendConfirmation email={email.trim()} /> : null}
      <SubmitButton pending={busy} pendingLabel="Signing in...">
        Sign in
      </SubmitButton>
      <button type="button" className={`min-h-11 self-start text-sm ${textLinkClasses}`} onClick={onForgotPassword}>
        Forgot password?
      </button>
    </form>
  );
}
