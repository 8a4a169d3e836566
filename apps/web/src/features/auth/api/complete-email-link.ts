import {
  authEndpoints,
  authErrorCodes,
  type EmailLinkType,
  type ExchangeCodeResponse,
  type Session,
  type VerifyResponse,
} from '@app/contract';
import { ApiError, call } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { forgetCodeVerifier, storedCodeVerifier } from '../../../lib/auth/pkce.ts';

/** What an emailed link carries: a PKCE code (/auth/callback) or a token hash (/auth/confirm). */
export type EmailLink = { type: EmailLinkType } & ({ code: string } | { tokenHash: string });

/** How opening an emailed link ended. */
export type EmailLinkOutcome =
  /** `choosePassword`: signed in only to choose a password (a reset, or a sign-up confirmed elsewhere). */
  | { status: 'signed-in'; type: EmailLinkType; choosePassword: boolean }
  /**
   * Confirmed without a session (another device, or a token-hash link): the user signs in next. For
   * an email change, `email` is the account's new address.
   */
  | { status: 'confirmed'; type: EmailLinkType; email: string }
  | { status: 'failed'; type: EmailLinkType; error: unknown };

/**
 * Completes an emailed link. With this browser's verifier the code is exchanged for a session;
 * without one (link opened on another device) the link is only verified, which confirms the email
 * and signs in to choose a password: for a reset, and for a sign-up, whose password may not be the
 * mailbox owner's.
 */
export async function completeEmailLink(link: EmailLink): Promise<EmailLinkOutcome> {
  try {
    if ('tokenHash' in link) return await adoptVerified(await verify({ type: link.type, token_hash: link.tokenHash }));
    const verifier = storedCodeVerifier();
    if (verifier) {
      try {
        const exchanged = await exchangeCode({ auth_code: link.code, code_verifier: verifier });
        forgetCodeVerifier();
        return adoptSession(exchanged.type, exchanged.session);
      } catch (error) {
        // The stored verifier belongs to a later request from this browser (e.g. a resent email);
        // the server keeps the code when the verifier does not match, so verify it instead.
        if (!(error instanceof ApiError && error.code === authErrorCodes.invalidLink)) throw error;
      }
    }
    return await adoptVerified(await verify({ type: link.type, auth_code: link.code }));
  } catch (error) {
    return { status: 'failed', type: link.type, error };
  }
}

function exchangeCode(body: { auth_code: string; code_verifier: string }): Promise<ExchangeCodeResponse> {
  return call(authEndpoints.exchangeCode, { body });
}

function verify(body: { type: EmailLinkType; token_hash?: string; auth_code?: string }): Promise<VerifyResponse> {
  return call(authEndpoints.verify, { body });
}

async function adoptVerified(result: VerifyResponse): Promise<EmailLinkOutcome> {
  if (result.session) return adoptSession(result.type, result.session);
  // Opened where the account is signed in: the session shows the new address at once. The change is
  // made either way; if this read fails, the session catches up at its next renewal.
  if (result.type === 'email_change' && authStore.getSnapshot().status === 'signed-in') {
    await call(authEndpoints.getUser, {}).then(
      (user) => authStore.updateUser(user),
      () => undefined,
    );
  }
  return { status: 'confirmed', type: result.type, email: result.email };
}

function adoptSession(type: EmailLinkType, session: Session): EmailLinkOutcome {
  const choosePassword = session.recovery === true;
  authStore.setSession(session, choosePassword ? 'PASSWORD_RECOVERY' : 'SIGNED_IN');
  return { status: 'signed-in', type, choosePassword };
}
