import {
  type AuthUser,
  authErrorCodes,
  authErrorMessages,
  DEFAULT_TIME_ZONE,
  type EmailLinkType,
  type ErrorCode,
  type ExchangeCodeResponse,
  errorCodes,
  isEmailAddress,
  isValidTimeZone,
  rateLimits,
  type Session,
  teamMessages,
  type VerifyResponse,
} from '@app/contract';
import type { Database, Queryable } from '../../db/client.ts';
import { membershipOf } from '../../platform/accounts/memberships.ts';
import { hmacToken, randomToken, sha256Hex } from '../../platform/crypto/tokens.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { emailLimited, limitSubject, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { recordAccountEvent } from './account-events.ts';
import { authRepo, isUniqueViolation, type UserRow } from './auth.repo.ts';
import { authEmail, emailChangeNotice } from './auth-emails.ts';
import { AUTH_EMAIL_QUEUE, type AuthEmailJob, mailPerEmailRule } from './auth-mail.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import type { RevokedSessions } from './revoked-sessions.ts';
import { type AccessTokens, pkceVerifierMatches } from './tokens.ts';
import type { TrustedDevices } from './trusted-devices.ts';

/** Who is calling: used for rate limits, recorded on new sessions; `cookies` may hold a device cookie. */
export type RequestOrigin = RequestMetadata & { cookies?: string | undefined };

/** A session to hand back, and the Set-Cookie header that trusts this browser for the account. */
export type SignedIn<T> = T & { deviceCookie: string };

/**
 * A phone that lost the answer to a refresh retries with the same token; within this many seconds of
 * the rotation it gets the same rotated session back instead of being treated as a token thief.
 */
export const REFRESH_REUSE_SECONDS = 30;

const LINK_TTL_SECONDS: Record<EmailLinkType, number> = { signup: 24 * 3600, recovery: 3600, email_change: 24 * 3600 };

const fail = (status: number, code: ErrorCode, message: string, headers?: Record<string, string>) =>
  new AppError(status, code, message, undefined, headers);

const errors = {
  invalidLink: () =>
    fail(400, authErrorCodes.invalidLink, 'This link is invalid or has already been used. Request a new one.'),
  linkExpired: () => fail(400, authErrorCodes.linkExpired, 'This link has expired. Request a new one.'),
  invalidCredentials: () => fail(400, authErrorCodes.invalidCredentials, 'Invalid login credentials'),
  /** Sign-up's answer for an address that has an account; an email change gives no more away. */
  userAlreadyExists: () => fail(422, authErrorCodes.userAlreadyExists, 'User already registered'),
  noSession: () => fail(401, authErrorCodes.noSession, authErrorMessages.noSession),
};

export type AuthServiceOptions = {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  rateLimiter: RateLimiter;
  accessTokens: AccessTokens;
  revokedSessions: RevokedSessions;
  trustedDevices: TrustedDevices;
  /** Key from which each refresh token's successor is derived (see `refresh`). */
  refreshTokenSecret: () => Promise<string>;
  signupDisabled: boolean;
  /** Lowercased addresses whose sessions carry the admin role (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** Origin for emailed links, e.g. https://app.example.com. */
  linkBase: () => string;
  /** The business whose removal of the holder ended this session, if one did (teams). */
  removalEndingSession: (sessionId: string) => Promise<string | undefined>;
};

/** The rules of accounts and sessions (PRODUCT.md, Accounts and sessions). Handlers stay thin; SQL lives in auth.repo.ts. */
export class AuthService {
  constructor(private readonly options: AuthServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  async signUp(
    input: { email: string; password: string; code_challenge?: string | undefined; time_zone?: string | undefined },
    origin: RequestOrigin,
  ): Promise<{ user: AuthUser; confirmation_sent: boolean }> {
    if (this.options.signupDisabled) {
      throw fail(403, authErrorCodes.signupDisabled, 'Signup disabled: new registrations are closed');
    }
    await this.options.rateLimiter.enforce(rateLimits.signUpPerIp, limitSubject.ip(origin.ip));
    if (!isEmailAddress(input.email)) {
      throw fail(400, authErrorCodes.invalidEmail, 'Invalid email address format');
    }
    this.assertAcceptablePassword(input.password, input.email);
    await this.options.rateLimiter.enforce(rateLimits.mailPerIp, limitSubject.ip(origin.ip), emailLimited);

    const passwordHash = await hashPassword(input.password);
    // Account, profile, business and the job that mails the link commit together: no account
    // without its business or its confirmation on the way. The mail itself is sent by the queue, never inside this transaction.
    const user = await this.db.transaction(async (tx) => {
      const created = await authRepo.insertUserWithBusiness(tx, {
        email: input.email,
        passwordHash,
        timeZone: validTimeZone(input.time_zone),
      });
      if (!created) throw errors.userAlreadyExists();
      await this.queueLink(tx, created, 'signup', input.code_challenge);
      return created;
    });
    this.options.jobs.wake(AUTH_EMAIL_QUEUE);
    await this.options.rateLimiter.hit(mailPerEmailRule('signup'), limitSubject.email(input.email));
    return { user: toAuthUser(user), confirmation_sent: true };
  }

  /**
   * Each attempt is counted up front (so parallel guesses cannot slip under the limit) against the
   * browser's own bucket when it holds this account's device cookie, else the account's bucket for
   * unknown browsers; a correct password takes its count back.
   */
  async signIn(input: { email: string; password: string }, origin: RequestOrigin): Promise<SignedIn<Session>> {
    await this.options.rateLimiter.enforce(rateLimits.signInPerIp, limitSubject.ip(origin.ip));
    const deviceId = await this.options.trustedDevices.deviceOf(input.email, origin.cookies);
    const [failures, subject] = deviceId
      ? [rateLimits.signInFailuresPerDevice, limitSubject.of('device', `${input.email}:${deviceId}`)]
      : [rateLimits.signInFailuresPerAccount, limitSubject.email(input.email)];
    await this.options.rateLimiter.enforce(failures, subject);
    const user = await authRepo.findUserByEmail(this.db, input.email);
    if (!user?.passwordHash) {
      await burnPasswordCheck(input.password);
      throw errors.invalidCredentials();
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw errors.invalidCredentials();
    await this.options.rateLimiter.refund(failures, subject);
    if (!user.emailConfirmedAt) throw fail(400, authErrorCodes.emailNotConfirmed, 'Email not confirmed');
    const session = await this.db.transaction((tx) => this.startSession(tx, user, origin, false));
    return { ...session, deviceCookie: await this.options.trustedDevices.issue(user.email, deviceId) };
  }

  /**
   * Rotates the refresh token. The successor is derived from the token with a server key, so a retry
   * within REFRESH_REUSE_SECONDS (a lost response) gets the same successor back. Any other use of a
   * rotated token is theft or a bug, and revokes the whole session.
   */
  async refresh(refreshToken: string, origin: RequestOrigin): Promise<Session> {
    await this.options.rateLimiter.enforce(rateLimits.refreshPerIp, limitSubject.ip(origin.ip));
    const successor = hmacToken(await this.options.refreshTokenSecret(), refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      const current = await authRepo.lockRefreshToken(tx, sha256Hex(refreshToken));
      if (!current) return { ok: false as const, error: 'not_found' as const };
      if (current.sessionRevokedAt) {
        return { ok: false as const, error: 'revoked' as const, sessionId: current.sessionId };
      }
      const user = await authRepo.findUserById(tx, current.userId);
      if (!user) return { ok: false as const, error: 'not_found' as const };
      if (current.rotatedAt) {
        const retried =
          current.secondsSinceRotation !== null && current.secondsSinceRotation <= REFRESH_REUSE_SECONDS
            ? await authRepo.findRefreshTokenOfSession(tx, sha256Hex(successor), current.sessionId)
            : undefined;
        if (retried && !retried.rotatedAt) {
          const session = await this.sessionFor(tx, user, current.sessionId, successor, current.sessionRecovery);
          return { ok: true as const, session };
        }
        return {
          ok: false as const,
          error: 'reused' as const,
          revoked: await authRepo.revokeSession(tx, current.sessionId),
        };
      }
      await authRepo.markRefreshTokenRotated(tx, current.id);
      await authRepo.insertRefreshToken(tx, current.sessionId, sha256Hex(successor));
      return {
        ok: true as const,
        session: await this.sessionFor(tx, user, current.sessionId, successor, current.sessionRecovery),
      };
    });
    if (outcome.ok) return outcome.session;
    if (outcome.error === 'reused') {
      this.options.revokedSessions.add(outcome.revoked);
      throw fail(
        401,
        authErrorCodes.refreshTokenReused,
        'Invalid refresh token: already used. For your safety this session has been signed out - please log in again',
      );
    }
    if (outcome.error === 'revoked') {
      // A removed member's phone must not replay its outbox into any business: it is told why (ADR 0077, Removal).
      const removedFrom = await this.options.removalEndingSession(outcome.sessionId);
      if (removedFrom !== undefined) throw fail(401, errorCodes.memberRemoved, teamMessages.memberRemoved(removedFrom));
      throw fail(401, authErrorCodes.sessionExpired, 'Your session has ended - please log in again');
    }
    throw fail(401, authErrorCodes.refreshTokenInvalid, 'Invalid refresh token: not found - please log in again');
  }

  /** PKCE code exchange for an emailed link opened in the browser that asked for it. */
  async exchangeCode(
    authCode: string,
    codeVerifier: string,
    origin: RequestOrigin,
  ): Promise<SignedIn<ExchangeCodeResponse>> {
    const exchanged = await this.db.transaction(async (tx) => {
      const link = await this.lockUsableLink(tx, authCode);
      if (!link.codeChallenge || !pkceVerifierMatches(codeVerifier, link.codeChallenge)) {
        throw fail(
          400,
          authErrorCodes.invalidLink,
          'This link was opened in a different browser from the one that asked for it. Open it on that device, or sign in here.',
        );
      }
      await authRepo.markEmailLinkUsed(tx, link.id);
      const user = await authRepo.confirmEmail(tx, link.userId);
      // The browser that chose the password has now proved the mailbox too.
      if (link.type === 'signup') await authRepo.markPasswordProven(tx, user.id);
      return { type: link.type, session: await this.startSession(tx, user, origin, link.type === 'recovery') };
    });
    // Proving the mailbox from this browser makes it a trusted one, as a sign-in would.
    const deviceId = await this.options.trustedDevices.deviceOf(exchanged.session.user.email, origin.cookies);
    const deviceCookie = await this.options.trustedDevices.issue(exchanged.session.user.email, deviceId);
    return { ...exchanged, deviceCookie };
  }

  /**
   * Verifies an emailed link without a code verifier (a token-hash link, or a code link opened on
   * another device). A recovery link signs in (to set a new password) only if it was issued without
   * PKCE: one that was asked for with a code challenge must be completed with the verifier of that
   * browser, so it is refused here and stays usable there.
   *
   * A sign-up confirmed this way confirms the address, but nothing shows that whoever chose the
   * password owns it: a stranger may have signed the address up (ADR 0024). So the password is
   * cleared, every session ended, and the person holding the mail signs in to choose a new one.
   */
  async verifyLink(
    input: { type: EmailLinkType; token_hash?: string | undefined; auth_code?: string | undefined },
    origin: RequestOrigin,
  ): Promise<VerifyResponse> {
    const token = input.token_hash ?? input.auth_code;
    if (!token || (input.token_hash && input.auth_code)) {
      throw new AppError(400, 'validation_failed', 'Send exactly one of token_hash or auth_code.');
    }
    if (input.type === 'email_change') return this.confirmEmailChange(token, origin);
    let revoked: string[] = [];
    const verified = await this.db.transaction(async (tx) => {
      const link = await this.lockUsableLink(tx, token);
      if (link.type !== input.type) throw errors.invalidLink();
      if (link.type === 'recovery' && link.codeChallenge) {
        throw fail(400, authErrorCodes.recoveryLinkOtherBrowser, authErrorMessages.recoveryLinkOtherBrowser);
      }
      await authRepo.markEmailLinkUsed(tx, link.id);
      const user = await authRepo.confirmEmail(tx, link.userId);
      if (link.type === 'signup') {
        await authRepo.setPasswordHash(tx, user.id, null, { proven: false });
        revoked = await authRepo.revokeUserSessions(tx, user.id);
      }
      return { type: link.type, email: user.email, session: await this.startSession(tx, user, origin, true) };
    });
    this.options.revokedSessions.add(revoked);
    return verified;
  }

  /**
   * Opening an email-change link moves the account to the new address (ADR 0020). Sessions stay
   * signed in; their access tokens carry the new address from their next renewal. An address
   * another account took meanwhile is refused as sign-up refuses it, and the link stays unused.
   */
  private async confirmEmailChange(token: string, origin: RequestOrigin): Promise<VerifyResponse> {
    try {
      return await this.db.transaction(async (tx) => {
        const link = await this.lockUsableLink(tx, token);
        if (link.type !== 'email_change' || !link.newEmail) throw errors.invalidLink();
        const user = await authRepo.changeEmail(tx, link.userId, link.newEmail);
        if (!user) throw errors.userAlreadyExists();
        await authRepo.markEmailLinkUsed(tx, link.id);
        await entitlements.followEmailChange(tx, user.id);
        await recordAccountEvent(tx, 'account.email_changed', user.id, origin);
        return { type: 'email_change' as const, email: user.email };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.userAlreadyExists();
      throw error;
    }
  }

  /** Re-sends the confirmation link. Answers the same whether or not the account exists. */
  async resendConfirmation(email: string, codeChallenge: string | undefined, origin: RequestOrigin): Promise<void> {
    await this.limitMail(email, origin, 'signup');
    const user = await authRepo.findUserByEmail(this.db, email);
    if (!user || user.emailConfirmedAt) return;
    await this.queueLink(this.db, user, 'signup', codeChallenge);
    this.options.jobs.wake(AUTH_EMAIL_QUEUE);
  }

  /** Emails a password-recovery link. Answers the same whether or not the account exists. */
  async requestRecovery(email: string, codeChallenge: string | undefined, origin: RequestOrigin): Promise<void> {
    await this.limitMail(email, origin, 'recovery');
    const user = await authRepo.findUserByEmail(this.db, email);
    if (!user) return;
    await this.queueLink(this.db, user, 'recovery', codeChallenge);
    this.options.jobs.wake(AUTH_EMAIL_QUEUE);
  }

  /**
   * The queue's worker: mints the link and mails it, with the mailer's timeouts. A failure is retried
   * with backoff by the queue; each attempt mints a fresh link, so no unsent link is ever live.
   */
  async deliverEmailLink(job: AuthEmailJob): Promise<void> {
    const user = await authRepo.findUserById(this.db, job.userId);
    if (!user) return;
    if ('notice' in job) {
      await this.options.mailer.send(emailChangeNotice(user.email, job.newEmail));
      return;
    }
    if (job.type === 'signup' && user.emailConfirmedAt) return;
    // An email change's link goes to the new address, which it must prove; once made, none is needed.
    const to = job.type === 'email_change' ? job.newEmail : user.email;
    if (!to || (job.type === 'email_change' && to === user.email)) return;
    const token = randomToken();
    await authRepo.insertEmailLink(this.db, {
      userId: user.id,
      type: job.type,
      tokenHash: sha256Hex(token),
      codeChallenge: job.codeChallenge,
      newEmail: job.type === 'email_change' ? to : undefined,
      ttlSeconds: LINK_TTL_SECONDS[job.type],
    });
    const query = job.codeChallenge ? `code=${token}&type=${job.type}` : `token_hash=${token}&type=${job.type}`;
    const page = job.codeChallenge ? '/auth/callback' : '/auth/confirm';
    await this.options.mailer.send(authEmail(job.type, to, `${this.options.linkBase()}${page}?${query}`));
  }

  /** Resolves a Bearer token to its caller; every failure is a 401 with the contract's wording. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedCaller> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw errors.noSession();
    const check = await this.options.accessTokens.check(token);
    if (!check.valid) {
      throw check.reason === 'expired'
        ? fail(401, authErrorCodes.sessionExpired, 'Your session has expired - please log in again')
        : fail(401, errorCodes.unauthorized, authErrorMessages.authenticationFailed);
    }
    const { userId, sessionId, email, membership } = check.claims;
    // No query while the in-memory revocation list is current (PRODUCT.md, Accounts and sessions); the database otherwise.
    const revoked =
      this.options.revokedSessions.isRevoked(sessionId) ??
      !(await authRepo.isSessionActive(this.db, sessionId, userId));
    if (revoked) {
      throw fail(401, authErrorCodes.sessionExpired, 'Your session has ended - please log in again');
    }
    // Admin rights need the listed address confirmed and its password set by its owner (one query,
    // for listed accounts only).
    const isAdmin = this.options.adminEmails.includes(email) && (await authRepo.hasProvenPassword(this.db, userId));
    // A token issued before the membership claims (ADR 0078) is honoured until it expires: one query.
    return { userId, sessionId, isAdmin, ...(membership ?? (await membershipOf(this.db, userId))) };
  }

  async getUser(caller: AuthenticatedCaller): Promise<AuthUser> {
    const user = await authRepo.findUserById(this.db, caller.userId);
    if (!user) throw errors.noSession();
    return toAuthUser(user);
  }

  /**
   * Sets a new password and ends every other session of the user. The current password is required,
   * except in a session begun by a recovery link (whose owner has just proved their mailbox), so a
   * stolen access token alone cannot take the account over.
   */
  async updatePassword(
    caller: AuthenticatedCaller,
    input: { password: string; current_password?: string | undefined },
  ): Promise<AuthUser> {
    await this.options.rateLimiter.enforce(rateLimits.passwordChangePerUser, limitSubject.user(caller.userId));
    // Only a session changes the password: an API token never reaches this (its endpoint is closed to them).
    const { sessionId } = caller;
    if (!sessionId) throw errors.noSession();
    const [user, session] = await Promise.all([
      authRepo.findUserById(this.db, caller.userId),
      authRepo.findSession(this.db, sessionId),
    ]);
    if (!user || !session) throw errors.noSession();
    if (!session.recovery) {
      if (!input.current_password) {
        throw fail(400, authErrorCodes.currentPasswordRequired, authErrorMessages.currentPasswordRequired);
      }
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.current_password))) {
        throw fail(400, authErrorCodes.currentPasswordIncorrect, authErrorMessages.currentPasswordIncorrect);
      }
    }
    this.assertAcceptablePassword(input.password, user.email);
    const passwordHash = await hashPassword(input.password);
    const revoked = await this.db.transaction(async (tx) => {
      // A recovery session was begun from an emailed link: its owner proved the mailbox.
      await authRepo.setPasswordHash(tx, caller.userId, passwordHash, { proven: session.recovery });
      await authRepo.endRecovery(tx, sessionId);
      // A new password cancels a pending email change (the notice to the old address says so).
      await authRepo.retireEmailLinks(tx, caller.userId, 'email_change');
      return authRepo.revokeUserSessions(tx, caller.userId, sessionId);
    });
    this.options.revokedSessions.add(revoked);
    return toAuthUser(user);
  }

  /** Global sign-out: every session of the user, on every device. */
  async signOut(caller: AuthenticatedCaller): Promise<void> {
    this.options.revokedSessions.add(await authRepo.revokeUserSessions(this.db, caller.userId));
  }

  private assertAcceptablePassword(password: string, email: string) {
    const problem = passwordProblem(password, [email, ...email.split(/[@.]/)]);
    if (problem) throw fail(422, authErrorCodes.weakPassword, problem);
  }

  /** A new session of an existing account, e.g. one that has just joined a business (its token carries it). */
  async startSessionOf(tx: Queryable, userId: string, origin: RequestOrigin): Promise<Session> {
    const user = await authRepo.findUserById(tx, userId);
    if (!user) throw errors.noSession();
    return this.startSession(tx, user, origin, false);
  }

  private async startSession(tx: Queryable, user: UserRow, origin: RequestOrigin, recovery: boolean) {
    const sessionId = await authRepo.insertSession(tx, {
      userId: user.id,
      ip: origin.ip,
      userAgent: origin.userAgent ?? undefined,
      recovery,
    });
    const refreshToken = randomToken();
    await authRepo.insertRefreshToken(tx, sessionId, sha256Hex(refreshToken));
    return this.sessionFor(tx, user, sessionId, refreshToken, recovery);
  }

  /** The session answer: a fresh access token, carrying the membership as it is now, beside the given refresh token. */
  private async sessionFor(
    tx: Queryable,
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    recovery: boolean,
  ): Promise<Session> {
    const membership = await membershipOf(tx, user.id);
    const access = await this.options.accessTokens.issue({ userId: user.id, sessionId, email: user.email, membership });
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: this.options.accessTokens.ttlSeconds,
      expires_at: access.expiresAt,
      refresh_token: refreshToken,
      user: toAuthUser(user),
      recovery,
    };
  }

  private async lockUsableLink(tx: Queryable, token: string) {
    const found = await authRepo.lockEmailLink(tx, sha256Hex(token));
    if (!found || found.link.usedAt) throw errors.invalidLink();
    if (found.expired) throw errors.linkExpired();
    return found.link;
  }

  /** Asks the queue to mail a link; in `tx`, so the request is committed with what asked for it. */
  private async queueLink(tx: Queryable, user: UserRow, type: EmailLinkType, codeChallenge: string | undefined) {
    await this.options.jobs.enqueue<AuthEmailJob>(tx, AUTH_EMAIL_QUEUE, { userId: user.id, type, codeChallenge });
  }

  private async limitMail(email: string, origin: RequestOrigin, type: EmailLinkType) {
    await this.options.rateLimiter.enforce(rateLimits.mailPerIp, limitSubject.ip(origin.ip), emailLimited);
    await this.options.rateLimiter.enforce(mailPerEmailRule(type), limitSubject.email(email), emailLimited);
  }
}

function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

function validTimeZone(zone: string | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
