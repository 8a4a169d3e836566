import { authEndpoints, type SignUpResponse } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { withCodeExchange } from './code-exchange.ts';

/** Creates the account; the confirmation link comes back to this browser (PKCE) where it can. */
function signUp(input: { email: string; password: string }): Promise<SignUpResponse> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return withCodeExchange((code_challenge) =>
    call(authEndpoints.signUp, { body: { ...input, code_challenge, time_zone: timeZone } }),
  );
}

export function useSignUpMutation() {
  return useMutation({ mutationFn: signUp });
}
