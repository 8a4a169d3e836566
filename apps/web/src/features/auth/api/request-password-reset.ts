import { authEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { withCodeExchange } from './code-exchange.ts';

async function requestPasswordReset(email: string): Promise<void> {
  await withCodeExchange((code_challenge) => call(authEndpoints.recover, { body: { email, code_challenge } }));
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
