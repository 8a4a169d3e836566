import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';

/** Sends the confirmation email again, for someone whose link is lost, expired or never came. */
export function ResendConfirmation({ email }: { email: string }) {
  const resend = useResendConfirmation(email);
  return (
    <div className="flex flex-col gap-3">
      {resend.isSuccess ? (
        <Alert tone="success">
          We sent a new confirmation link to <strong>{email}</strong>. Open it on this device to finish. If it has not
          arrived in a few minutes, check your spam folder.
        </Alert>
      ) : null}
      {resend.isError ? <Alert tone="error">{authErrorMessage(resend.error)}</Alert> : null}
      <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.send(undefined)}>
        {resend.isPending ? 'Sending email...' : 'Resend confirmation email'}
      </Button>
    </div>
  );
}
