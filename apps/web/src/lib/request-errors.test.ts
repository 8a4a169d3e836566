import { errorCodes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { CONNECTION_ERROR_MESSAGE } from './auth/auth-errors.ts';
import { ApiError, clientErrorCodes, NetworkError } from './http.ts';
import { fieldErrorsFrom, requestErrorMessage, rowErrorsFrom, UNEXPECTED_ERROR_MESSAGE } from './request-errors.ts';

describe('requestErrorMessage', () => {
  it("shows the server's own message", () => {
    const error = new ApiError(415, errorCodes.unsupportedMediaType, 'Only JPEG, PNG or WebP images can be uploaded.');
    expect(requestErrorMessage(error)).toBe('Only JPEG, PNG or WebP images can be uploaded.');
  });

  it('explains a connection failure', () => {
    expect(requestErrorMessage(new NetworkError())).toBe(CONNECTION_ERROR_MESSAGE);
  });

  it("does not show a proxy's status line or a programming error", () => {
    expect(requestErrorMessage(new ApiError(502, clientErrorCodes.unexpectedResponse, 'The server answered 502'))).toBe(
      UNEXPECTED_ERROR_MESSAGE,
    );
    expect(requestErrorMessage(new TypeError('x is undefined'))).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});

describe('fieldErrorsFrom', () => {
  it('keys messages by field, first message first, list items under their list', () => {
    const error = new ApiError(400, errorCodes.validationFailed, 'Check the ABN', [
      { path: 'company_abn', message: 'Fails the ABN check' },
      { path: 'company_abn', message: 'A later message' },
      { path: 'common_materials.2', message: 'A material cannot be blank.' },
    ]);
    expect(fieldErrorsFrom(error)).toEqual({
      company_abn: 'Fails the ABN check',
      common_materials: 'A material cannot be blank.',
    });
  });

  it('is empty for errors without field details', () => {
    expect(fieldErrorsFrom(new ApiError(500, errorCodes.internalError, 'Oops'))).toEqual({});
    expect(fieldErrorsFrom(new NetworkError())).toEqual({});
  });
});

describe('rowErrorsFrom', () => {
  it("keys each row's messages by row and field and names the row in the message", () => {
    const error = new ApiError(400, errorCodes.validationFailed, "Enter the signer's name.", [
      { path: 'signers.1.name', message: "Enter the signer's name." },
      { path: 'signers.1.name', message: 'A later message' },
      { path: 'signers.0.email', message: 'Please enter a valid email address.' },
      { path: 'signers', message: 'Add at least one signer.' },
      { path: 'other.0.name', message: 'Not this list' },
    ]);
    expect(rowErrorsFrom(error, 'signers', (index) => `Signer ${index + 1}`)).toEqual({
      '1.name': "Signer 2: enter the signer's name.",
      '0.email': 'Signer 1: please enter a valid email address.',
    });
  });

  it('is empty for errors without row details', () => {
    expect(rowErrorsFrom(new NetworkError(), 'signers', String)).toEqual({});
  });
});
