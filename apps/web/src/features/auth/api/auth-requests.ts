import {
  type AuthUser,
  authErrorCodes,
  type EmailLinkType,
  type ExchangeCodeResponse,
  type Session,
  type SignUpResponse,
  type VerifyResponse,
} from '@app/contract';
import { ApiError, apiRequest, publicRequest } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { forgetCodeVerifier, prepareCodeExchange, storedCodeVerifier } from '../../../lib/auth/pkce.ts';

/** Creates the account; the confirmation link comes back to this browser (PKCE) where it can. */
export function signUp(input: { email: string; password: string }): Promise<SignUpResponse> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return withCodeExchange((code_challenge) =>
    publicRequest<SignUpResponse>('/api/auth/signup', {
      method: 'POST',
      body: { ...input, code_challenge, time_zone: timeZone },
    }),
  );
}

export async function resendConfirmation(email: string): Promise<void> {
  await withCodeExchange((code_challenge) =>
    publicRequest('/api/auth/resend', { method: 'POST', body: { email, code_challenge } }),
  );
}

export async function requestPasswordReset(email: string): Promise<void> {
  await withCodeExchange((code_challenge) =>
    publicRequest('/api/auth/recover', { method: 'POST', body: { email, code_challenge } }),
  );
}

/** Sends a request that makes the server email a link, keeping the verifier only if it was accepted. */
async function withCodeExchange<T>(send: (codeChallenge: string | undefined) => Promise<T>): Promise<T> {
  const exchange = await prepareCodeExchange();
  const result = await send(exchange.challenge);
  exchange.remember();
  return result;
}

/**
 * Sets a new password for the signed-in user; the server ends their other sessions. Outside a
 * recovery session the current password must come too (a stolen access token is not enough).
 */
export async function updatePassword(input: { password: string; currentPassword?: string | undefined }): Promise<void> {
  const body: { password: string; current_password?: string } = { password: input.password };
  if (input.currentPassword !== undefined) body.current_password = input.currentPassword;
  const user = await apiRequest<AuthUser>('/api/auth/user', { method: 'PUT', body });
  authStore.passwordChanged(user);
}

/** What an emailed link carries: a PKCE code (/auth/callback) or a token hash (/auth/confirm). */
export type EmailLink = { type: EmailLinkType } & ({ code: string } | { tokenHash: string });

/** How opening an emailed link ended. */
export type EmailLinkOutcome =
  | { status: 'signed-in'; type: EmailLinkType }
  /** Confirmed without a session (another device, or a token-hash link): the user signs in next. */
  | { status: 'confirmed'; email: string }
  | { status: 'failed'; type: EmailLinkType; error: unknown };

/**
 * Completes an emailed link. With this browser's verifier the code is exchanged for a session;
 * without one (link opened on another device) the link is only verified, which confirms the email
 * and, for a password reset, also signs in.
 */
export async function completeEmailLink(link: EmailLink): Promise<EmailLinkOutcome> {
  try {
    if ('tokenHash' in link) return adoptVerified(await verify({ type: link.type, token_hash: link.tokenHash }));
    const verifier = storedCodeVerifier();
    if (verifier) {
      try {
        const exchanged = await publicRequest<ExchangeCodeResponse>('/api/auth/exchange', {
          method: 'POST',
          body: { auth_code: link.code, code_verifier: verifier },
        });
        forgetCodeVerifier();
        return adoptSession(exchanged.type, exchanged.session);
      } catch (error) {
        // The stored verifier belongs to a later request from this browser (e.g. a resent email);
        // the server keeps the code when the verifier does not match, so verify it instead.
        if (!(error instanceof ApiError && error.code === authErrorCodes.invalidLink)) throw error;
      }
    }
    return adoptVerified(await verify({ type: link.type, auth_code: link.code }));
  } catch (error) {
    return { status: 'failed', type: link.type, error };
  }
}

function verify(body: { type: EmailLinkType; token_hash?: string; auth_code?: string }) {
  return publicRequest<VerifyResponse>('/api/auth/verify', { method: 'POST', body });
}

function adoptVerified(result: VerifyResponse): EmailLinkOutcome {
  return result.session ? adoptSession(result.type, result.session) : { status: 'confirmed', email: result.email };
}

function adoptSession(type: EmailLinkType, session: Session): EmailLinkOutcome {
  authStore.setSession(session, type === 'recovery' ? 'PASSWORD_RECOVERY' : 'SIGNED_IN');
  return { status: 'signed-in', type };
}
