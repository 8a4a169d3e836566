import {
  certificateMessages,
  customTemplateMessages,
  signingOwnerMessages,
  swmsMessages,
  VERIFICATION_NOT_FOUND_MESSAGE,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { errorOf } from '../support/responses.ts';

/*
 * Issue 22: a path id that is not a UUID names nothing. The route answers 404 with the record's
 * own message from the contract (recordId), before the body is validated or any service runs.
 */

const { mail, app } = setUpTestApp();

describe('record ids in paths', () => {
  it("answer 404 with the record's message for an id that is not a UUID, before looking at the body", async () => {
    const user = await registerConfirmedUser(app, mail);
    const cases: Array<[method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, message: string]> = [
      ['GET', '/api/certificates/not-a-uuid', certificateMessages.notFound],
      ['PATCH', '/api/certificates/123', certificateMessages.notFound],
      ['PUT', '/api/swms/..%2F..', swmsMessages.notFound],
      ['PUT', '/api/checklist-templates/x', customTemplateMessages.notFound],
      ['GET', '/api/cover-sheets/x/pdf', swmsMessages.coverSheetNotFound],
      ['GET', '/api/signing/documents/swms/not-a-uuid', signingOwnerMessages.documentNotFound],
      ['POST', '/api/signing/requests/nope/revoke', signingOwnerMessages.requestNotFound],
      ['GET', '/api/verify/certificate/not-a-uuid/1', VERIFICATION_NOT_FOUND_MESSAGE],
    ];
    for (const [method, url, message] of cases) {
      // A body no endpoint would accept: the id is answered first.
      const response = await app.inject({ method, url, headers: bearer(user), payload: { revision: 'x' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(response), `${method} ${url}`).toEqual({ code: 'not_found', message });
    }
  });
});
