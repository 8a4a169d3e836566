import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, SubmitButton } from '../../../components/ui/Button.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { emailProblem } from '../validation.ts';
import { EmailField } from './EmailField.tsx';
import { useAuthForm } from './use-auth-form.ts';

type PasswordResetFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  /** A "Back to sign in" button, where the form replaced the sign-in form. */
  onBack?: (() => void) | undefined;
  submitLabel?: string;
};

/**
 * "Forgot password?": emails a link that leads to /auth/update-password. The link works only in
 * this browser (it keeps the PKCE verifier of the request).
 */
export function PasswordResetForm({
  email,
  onEmailChange,
  onBack,
  submitLabel = 'Send reset link',
}: PasswordResetFormProps) {
  const form = useAuthForm(['email']);
  const reset = useRequestPasswordReset();
  const submit = form.onSubmit(
    () => ({ email: emailProblem(email) }),
    () => reset.send(email.trim()),
  );

  if (reset.isSuccess) {
    return (
      <>
        <Alert tone="success">
          <strong>Check your inbox.</strong> If there is an account for {reset.sentInput}, we have emailed it a link to
          set a new password. Open the link on this device. If it has not arrived in a few minutes, check your spam
          folder.
        </Alert>
        {onBack ? (
          <Button variant="secondary" onClick={onBack}>
            Back to sign in
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField {...form.field('email')} value={email} onChange={(event) => onEmailChange(event.target.value)} />
      {reset.isError ? <Alert tone="error">{authErrorMessage(reset.error)}</Alert> : null}
      <SubmitButton pending={reset.isPending} pendingLabel="Sending link...">
        {submitLabel}
      </SubmitButton>
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back to sign in
        </Button>
      ) : null}
    </form>
  );
}
