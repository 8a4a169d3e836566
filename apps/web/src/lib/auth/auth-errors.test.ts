import { authErrorMessages, errorCodes, isErrorCode } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorCodes, NetworkError } from '../http.ts';
import {
  authErrorMessage,
  CONNECTION_ERROR_MESSAGE,
  isCurrentPasswordProblem,
  isEmailNotConfirmed,
  isRecoveryLinkOtherBrowser,
  UNKNOWN_ERROR_MESSAGE,
} from './auth-errors.ts';

/** As the client builds it (http.ts): a code it does not know stays an unexpected response. */
const apiError = (status: number, code: string, message: string) =>
  new ApiError(status, isErrorCode(code) ? code : clientErrorCodes.unexpectedResponse, message);

describe('authErrorMessage (PRODUCT.md, Messages)', () => {
  it.each([
    [
      422,
      errorCodes.userAlreadyExists,
      'User already registered',
      "This email is already registered. Please sign in instead or use 'Forgot Password' if you can't access your account.",
    ],
    [400, errorCodes.invalidEmail, 'Invalid email address format', 'Please enter a valid email address.'],
    [
      403,
      errorCodes.signupDisabled,
      'Signup disabled: new registrations are closed',
      'New registrations are currently disabled. Please contact support.',
    ],
    [
      429,
      errorCodes.emailRateLimit,
      'Email rate limit exceeded: please wait 42 seconds.',
      'Too many emails sent. Please wait before requesting another confirmation email.',
    ],
    [
      429,
      errorCodes.requestRateLimit,
      'Too many requests: please wait 30 seconds and try again.',
      'Too many attempts. Please wait a few minutes before trying again.',
    ],
    [
      400,
      errorCodes.invalidCredentials,
      'Invalid login credentials',
      'Invalid email or password. Please check your credentials and try again.',
    ],
    [
      400,
      errorCodes.emailNotConfirmed,
      'Email not confirmed',
      'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
    ],
  ])('maps a %i %s ("%s")', (status, code, backendMessage, message) => {
    expect(authErrorMessage(apiError(status, code, backendMessage))).toBe(message);
  });

  it('matches the trigger phrase anywhere in the message, ignoring case', () => {
    expect(authErrorMessage(new Error('AuthApiError: INVALID LOGIN CREDENTIALS (400)'))).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect(authErrorMessage(apiError(422, 'some_new_code', 'Sorry: user Already Registered.'))).toBe(
      "This email is already registered. Please sign in instead or use 'Forgot Password' if you can't access your account.",
    );
  });

  it('says "connection error" when the server could not be reached', () => {
    expect(authErrorMessage(new NetworkError())).toBe(
      'Connection error. Please check your internet connection and try again.',
    );
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(CONNECTION_ERROR_MESSAGE);
  });

  it('shows the server’s weak-password explanation as it is', () => {
    const explanation = 'This password is on a list of leaked passwords. Choose one you have not used elsewhere.';
    expect(authErrorMessage(apiError(422, errorCodes.weakPassword, explanation))).toBe(explanation);
    expect(
      authErrorMessage(apiError(422, errorCodes.weakPassword, 'Password must be at least 6 characters long.')),
    ).toBe('Password must be at least 6 characters long.');
  });

  it('shows the server’s words for a current-password problem and a reset link opened in another browser', () => {
    const cases = [
      [400, errorCodes.currentPasswordRequired, authErrorMessages.currentPasswordRequired],
      [400, errorCodes.currentPasswordIncorrect, authErrorMessages.currentPasswordIncorrect],
      [400, errorCodes.recoveryLinkOtherBrowser, authErrorMessages.recoveryLinkOtherBrowser],
    ] as const;
    for (const [status, code, message] of cases)
      expect(authErrorMessage(apiError(status, code, message))).toBe(message);
  });

  it('falls back to "An unknown error occurred"', () => {
    expect(authErrorMessage(apiError(500, errorCodes.internalError, 'Something went wrong on our side.'))).toBe(
      'An unknown error occurred',
    );
    expect(
      authErrorMessage(apiError(502, clientErrorCodes.unexpectedResponse, 'The server answered 502 Bad Gateway')),
    ).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(authErrorMessage('a string')).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(authErrorMessage(undefined)).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('isCurrentPasswordProblem and isRecoveryLinkOtherBrowser', () => {
  it('recognise their codes only', () => {
    expect(isCurrentPasswordProblem(apiError(400, errorCodes.currentPasswordIncorrect, 'x'))).toBe(true);
    expect(isCurrentPasswordProblem(apiError(400, errorCodes.currentPasswordRequired, 'x'))).toBe(true);
    expect(isCurrentPasswordProblem(apiError(422, errorCodes.weakPassword, 'x'))).toBe(false);
    expect(isRecoveryLinkOtherBrowser(apiError(400, errorCodes.recoveryLinkOtherBrowser, 'x'))).toBe(true);
    expect(isRecoveryLinkOtherBrowser(apiError(400, errorCodes.invalidLink, 'x'))).toBe(false);
    expect(isRecoveryLinkOtherBrowser(new NetworkError())).toBe(false);
  });
});

describe('isEmailNotConfirmed', () => {
  it('recognises only the "email not confirmed" failure', () => {
    expect(isEmailNotConfirmed(apiError(400, errorCodes.emailNotConfirmed, 'Email not confirmed'))).toBe(true);
    expect(isEmailNotConfirmed(apiError(400, errorCodes.invalidCredentials, 'Invalid login credentials'))).toBe(false);
    expect(isEmailNotConfirmed(new NetworkError())).toBe(false);
  });
});
