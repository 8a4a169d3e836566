import { authEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { withCodeExchange } from './code-exchange.ts';

async function resendConfirmation(email: string): Promise<void> {
  await withCodeExchange((code_challenge) =>
    call(authEndpoints.resendConfirmation, { body: { email, code_challenge } }),
  );
}

export function useResendConfirmationMutation(email: string) {
  return useMutation({ mutationFn: () => resendConfirmation(email) });
}
