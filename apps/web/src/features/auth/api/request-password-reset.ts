import { useMutation } from '@tanstack/react-query';
import { publicRequest } from '../../../lib/api-client.ts';
import { withCodeExchange } from './code-exchange.ts';

export async function requestPasswordReset(email: string): Promise<void> {
  await withCodeExchange((code_challenge) =>
    publicRequest('/api/auth/recover', { method: 'POST', body: { email, code_challenge } }),
  );
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
