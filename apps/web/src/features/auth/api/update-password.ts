import { type AuthUser, authEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';

type PasswordChange = { password: string; current_password?: string };

/** PUT /api/auth/user: sets a new password; the server ends the user's other sessions. */
function updatePassword(body: PasswordChange): Promise<AuthUser> {
  return call(authEndpoints.updatePassword, { body });
}

/**
 * Sets a new password for the signed-in user. Outside a recovery session the current password
 * must come too (a stolen access token is not enough).
 */
export function useUpdatePasswordMutation(options: { onSuccess: () => void; onError: (error: unknown) => void }) {
  return useMutation({
    mutationFn: async (input: { password: string; currentPassword?: string | undefined }) => {
      const body: PasswordChange = { password: input.password };
      if (input.currentPassword !== undefined) body.current_password = input.currentPassword;
      authStore.passwordChanged(await updatePassword(body));
    },
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
