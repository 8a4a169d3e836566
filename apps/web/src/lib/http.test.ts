import { errorCodes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { clientErrorCodes, toApiError } from './http.ts';

const badRequest = { status: 400, statusText: 'Bad Request' };

describe('toApiError', () => {
  it("keeps the contract's code, message and details", () => {
    const error = toApiError(badRequest, {
      error: {
        code: errorCodes.validationFailed,
        message: 'Enter the date.',
        details: [{ path: 'date', message: 'x' }],
      },
    });
    expect(error).toMatchObject({ status: 400, code: errorCodes.validationFailed, message: 'Enter the date.' });
    expect(error.details).toEqual([{ path: 'date', message: 'x' }]);
  });

  it("takes a code outside the contract's list as unexpected, keeping the server's words", () => {
    expect(toApiError(badRequest, { error: { code: 'brand_new', message: 'Try later.' } })).toMatchObject({
      code: clientErrorCodes.unexpectedResponse,
      message: 'Try later.',
    });
  });

  it("says what answered when it is not our error shape (a proxy's page)", () => {
    expect(toApiError({ status: 502, statusText: 'Bad Gateway' }, undefined)).toMatchObject({
      code: clientErrorCodes.unexpectedResponse,
      message: 'The server answered 502 Bad Gateway',
    });
  });
});
