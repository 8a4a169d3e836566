import { errorCodes } from '@app/contract';
import { ApiError } from '../../lib/api-client.ts';
import { clientErrorCodes } from '../../lib/http.ts';

/** What the signing page does once a signer has signed or declined. */
export type Done = (outcome: { state: 'signed' | 'declined'; at: string }) => void;

/**
 * What to say when a call failed. The server's messages are written for the signer; anything else
 * is the connection. Plain words rather than lib/request-errors: this public page keeps its script small.
 */
export const problemOf = (error: unknown) =>
  error instanceof ApiError && error.code !== clientErrorCodes.unexpectedResponse
    ? error.message
    : 'The request did not get through. Check your connection and try again.';

/**
 * A refusal that means the page is out of date (signed elsewhere, revoked, the document changed):
 * signing's only conflicts. The page reads the link's state again and shows it.
 */
export const isClosed = (error: unknown) => error instanceof ApiError && error.code === errorCodes.conflict;
