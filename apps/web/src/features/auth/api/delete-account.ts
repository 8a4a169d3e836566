import { type AccountDeletionRequest, accountEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** POST /api/account/delete: deletes the account, its records and files; every session ends. */
function deleteAccount(body: AccountDeletionRequest): Promise<{ ok: true }> {
  return call(accountEndpoints.deleteAccount, { body });
}

/** The page signs out of this browser on success (the server has already ended the session). */
export function useDeleteAccountMutation(options: { onSuccess: () => void }) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: options.onSuccess });
}
