import { type SignDocumentInput, signByTokenEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';

/** Signs by link: the declaration ticked, the name typed, the drawn signature as base64 PNG. */
export function signDocument(token: string, body: SignDocumentInput) {
  return call(signByTokenEndpoints.sign, { params: { token }, body });
}
