import { authErrorMessages, isErrorCode } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../http.ts';
import {
  authErrorMessage,
  CONNECTION_ERROR_MESSAGE,
  isCurrentPasswordProblem,
  isEmailNotConfirmed,
  isRecoveryLinkOtherBrowser,
  UNKNOWN_ERROR_MESSAGE,
} from './auth-errors.ts';

/** As the client builds it (http.ts): a code it does not know stays 'unexpected_response'. */
const apiError = (status: number, code: string, message: string) =>
  new ApiError(status, isErrorCode(code) ? code : 'unexpected_response', message);

describe('authErrorMessage (PRODUCT.md, Messages)', () => {
  it.each([
    [
      422,
      'user_already_exists',
      'User already registered',
      "This email is already registered. Please sign in instead or use 'Forgot Password' if you can't access your account.",
    ],
    [400, 'email_address_invalid', 'Invalid email address format', 'Please enter a valid email address.'],
    [
      403,
      'signup_disabled',
      'Signup disabled: new registrations are closed',
      'New registrations are currently disabled. Please contact support.',
    ],
    [
      429,
      'over_email_send_rate_limit',
      'Email rate limit exceeded: please wait 42 seconds.',
      'Too many emails sent. Please wait before requesting another confirmation email.',
    ],
    [
      429,
      'over_request_rate_limit',
      'Too many requests: please wait 30 seconds and try again.',
      'Too many attempts. Please wait a few minutes before trying again.',
    ],
    [
      400,
      'invalid_credentials',
      'Invalid login credentials',
      'Invalid email or password. Please check your credentials and try again.',
    ],
    [
      400,
      'email_not_confirmed',
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
    expect(authErrorMessage(apiError(422, 'weak_password', explanation))).toBe(explanation);
    expect(authErrorMessage(apiError(422, 'weak_password', 'Password must be at least 6 characters long.'))).toBe(
      'Password must be at least 6 characters long.',
    );
  });

  it('shows the server’s words for a current-password problem and a reset link opened in another browser', () => {
    const cases = [
      [400, 'current_password_required', authErrorMessages.currentPasswordRequired],
      [400, 'current_password_incorrect', authErrorMessages.currentPasswordIncorrect],
      [400, 'recovery_link_other_browser', authErrorMessages.recoveryLinkOtherBrowser],
    ] as const;
    for (const [status, code, message] of cases)
      expect(authErrorMessage(apiError(status, code, message))).toBe(message);
  });

  it('falls back to "An unknown error occurred"', () => {
    expect(authErrorMessage(apiError(500, 'internal_error', 'Something went wrong on our side.'))).toBe(
      'An unknown error occurred',
    );
    expect(authErrorMessage(apiError(502, 'unexpected_response', 'The server answered 502 Bad Gateway'))).toBe(
      UNKNOWN_ERROR_MESSAGE,
    );
    expect(authErrorMessage('a string')).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(authErrorMessage(undefined)).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('isCurrentPasswordProblem and isRecoveryLinkOtherBrowser', () => {
  it('recognise their codes only', () => {
    expect(isCurrentPasswordProblem(apiError(400, 'current_password_incorrect', 'x'))).toBe(true);
    expect(isCurrentPasswordProblem(apiError(400, 'current_password_required', 'x'))).toBe(true);
    expect(isCurrentPasswordProblem(apiError(422, 'weak_password', 'x'))).toBe(false);
    expect(isRecoveryLinkOtherBrowser(apiError(400, 'recovery_link_other_browser', 'x'))).toBe(true);
    expect(isRecoveryLinkOtherBrowser(apiError(400, 'invalid_link', 'x'))).toBe(false);
    expect(isRecoveryLinkOtherBrowser(new NetworkError())).toBe(false);
  });
});

describe('isEmailNotConfirmed', () => {
  it('recognises only the "email not confirmed" failure', () => {
    expect(isEmailNotConfirmed(apiError(400, 'email_not_confirmed', 'Email not confirmed'))).toBe(true);
    expect(isEmailNotConfirmed(apiError(400, 'invalid_credentials', 'Invalid login credentials'))).toBe(false);
    expect(isEmailNotConfirmed(new NetworkError())).toBe(false);
  });
});
