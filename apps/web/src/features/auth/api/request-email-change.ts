import { accountEndpoints, type EmailChangeRequest } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** POST /api/account/email: mails a link to the new address; the change happens when it is opened. */
function requestEmailChange(body: EmailChangeRequest): Promise<{ new_email: string }> {
  return call(accountEndpoints.requestEmailChange, { body });
}

export function useRequestEmailChangeMutation() {
  return useMutation({ mutationFn: requestEmailChange });
}
