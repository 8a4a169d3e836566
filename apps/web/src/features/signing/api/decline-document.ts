import { signByTokenEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';

/** Declines to sign, with the signer's reason. */
export function declineDocument(token: string, reason: string) {
  return call(signByTokenEndpoints.decline, { params: { token }, body: { reason } });
}
