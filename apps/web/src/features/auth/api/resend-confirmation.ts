import { authEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';
import { useSendWithoutCache } from '../../../lib/send-without-cache.ts';
import { withCodeExchange } from './code-exchange.ts';

async function resendConfirmation(email: string): Promise<void> {
  await withCodeExchange((code_challenge) =>
    call(authEndpoints.resendConfirmation, { body: { email, code_challenge } }),
  );
}

/** Without the query cache, which the login page does not load (ADR 0097). */
export function useResendConfirmation(email: string) {
  return useSendWithoutCache(() => resendConfirmation(email));
}
