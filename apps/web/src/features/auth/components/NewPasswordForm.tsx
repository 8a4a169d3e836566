import { authErrorMessages } from '@app/contract';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { authErrorMessage, isCurrentPasswordProblem } from '../../../lib/auth/auth-errors.ts';
import { useUpdatePasswordMutation } from '../api/update-password.ts';
import { NEW_PASSWORD_HINT, newPasswordProblem } from '../validation.ts';
import { PasswordField } from './PasswordField.tsx';
import { useAuthForm } from './use-auth-form.ts';

/**
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
