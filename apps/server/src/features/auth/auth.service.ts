import {
  type AuthUser,
  authErrorCodes,
  DEFAULT_TIME_ZONE,
  type EmailLinkType,
  type ExchangeCodeResponse,
  isValidTimeZone,
  type Session,
  type VerifyResponse,
} from '@app/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import { authRepo, type Queryable, type UserRow } from './auth.repo.ts';
import { authEmail } from './auth-emails.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { type AccessTokens, pkceVerifierMatches, randomToken, sha256Hex } from './tokens.ts';

/** Who is calling: used for rate limits and recorded on new sessions. */
export type RequestOrigin = { ip: string; userAgent?: string | undefined };

const LINK_TTL_SECONDS: Record<EmailLinkType, number> = { signup: 24 * 3600, recovery: 3600 };

/** Limits per DESIGN §3: per IP and per email, stored in PostgreSQL. */
export const authRateLimits = {
  signInPerIp: { name: 'signin:ip', limit: 100, windowSeconds: 300 },
  signInPerEmail: { name: 'signin:email', limit: 10, windowSeconds: 300 },
  // Per-IP limits are loose (an office or a phone carrier shares one IP); per-email limits are tight.
  signUpPerIp: { name: 'signup:ip', limit: 100, windowSeconds: 3600 },
  /** Per address and per kind of mail, so a confirmation never blocks a password reset. */
  mailPerEmail: { name: 'mail:email', limit: 1, windowSeconds: 60 },
  mailPerIp: { name: 'mail:ip', limit: 100, windowSeconds: 3600 },
  refreshPerIp: { name: 'refresh:ip', limit: 600, windowSeconds: 300 },
} satisfies Record<string, RateLimitRule>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fail = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  new AppError(status, code, message, undefined, headers);

const errors = {
  invalidLink: () =>
    fail(400, authErrorCodes.invalidLink, 'This link is invalid or has already been used. Request a new one.'),
  linkExpired: () => fail(400, authErrorCodes.linkExpired, 'This link has expired. Request a new one.'),
  invalidCredentials: () => fail(400, authErrorCodes.invalidCredentials, 'Invalid login credentials'),
  noSession: () => fail(401, authErrorCodes.noSession, 'No valid session - please log in again'),
};

export type AuthServiceOptions = {
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  accessTokens: AccessTokens;
  signupDisabled: boolean;
  /** Origin for emailed links, e.g. https://app.example.com. */
  linkBase: () => string;
};

/** The rules of accounts and sessions (DESIGN §3). Handlers stay thin; SQL lives in auth.repo.ts. */
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
    await this.limit(authRateLimits.signUpPerIp, origin.ip, 'request');
    if (!EMAIL_PATTERN.test(input.email)) {
      throw fail(400, authErrorCodes.invalidEmail, 'Invalid email address format');
    }
    this.assertAcceptablePassword(input.password, input.email);
    await this.limit(authRateLimits.mailPerIp, origin.ip, 'email');

    const passwordHash = await hashPassword(input.password);
    // Account, profile and link commit only if the confirmation mail went out: no half-made accounts.
    const user = await this.db.transaction(async (tx) => {
      const created = await authRepo.insertUserWithProfile(tx, {
        email: input.email,
        passwordHash,
        timeZone: validTimeZone(input.time_zone),
      });
      if (!created) throw fail(422, authErrorCodes.userAlreadyExists, 'User already registered');
      await this.sendLink(tx, created, 'signup', input.code_challenge);
      return created;
    });
    await this.options.rateLimiter.hit(mailPerEmailRule('signup'), input.email);
    return { user: toAuthUser(user), confirmation_sent: true };
  }

  async signIn(input: { email: string; password: string }, origin: RequestOrigin): Promise<Session> {
    await this.limit(authRateLimits.signInPerIp, origin.ip, 'request');
    await this.limit(authRateLimits.signInPerEmail, input.email, 'request');
    const user = await authRepo.findUserByEmail(this.db, input.email);
    if (!user?.passwordHash) {
      await burnPasswordCheck(input.password);
      throw errors.invalidCredentials();
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw errors.invalidCredentials();
    if (!user.emailConfirmedAt) throw fail(400, authErrorCodes.emailNotConfirmed, 'Email not confirmed');
    return this.db.transaction((tx) => this.startSession(tx, user, origin));
  }

  /** Rotates the refresh token. Presenting an already-rotated token revokes the whole session. */
  async refresh(refreshToken: string, origin: RequestOrigin): Promise<Session> {
    await this.limit(authRateLimits.refreshPerIp, origin.ip, 'request');
    const outcome = await this.db.transaction(async (tx) => {
      const current = await authRepo.lockRefreshToken(tx, sha256Hex(refreshToken));
      if (!current) return { ok: false as const, error: 'not_found' as const };
      if (current.sessionRevokedAt) return { ok: false as const, error: 'revoked' as const };
      if (current.rotatedAt) {
        await authRepo.revokeSession(tx, current.sessionId);
        return { ok: false as const, error: 'reused' as const };
      }
      await authRepo.markRefreshTokenRotated(tx, current.id);
      const user = await authRepo.findUserById(tx, current.userId);
      if (!user) return { ok: false as const, error: 'not_found' as const };
      return { ok: true as const, session: await this.issueTokens(tx, user, current.sessionId) };
    });
    if (outcome.ok) return outcome.session;
    if (outcome.error === 'reused') {
      throw fail(
        401,
        authErrorCodes.refreshTokenReused,
        'Invalid refresh token: already used. For your safety this session has been signed out - please log in again',
      );
    }
    if (outcome.error === 'revoked') {
      throw fail(401, authErrorCodes.sessionExpired, 'Your session has ended - please log in again');
    }
    throw fail(401, authErrorCodes.refreshTokenInvalid, 'Invalid refresh token: not found - please log in again');
  }

  /** PKCE code exchange for an emailed link opened in the browser that asked for it. */
  async exchangeCode(authCode: string, codeVerifier: string, origin: RequestOrigin): Promise<ExchangeCodeResponse> {
    return this.db.transaction(async (tx) => {
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
      return { type: link.type as EmailLinkType, session: await this.startSession(tx, user, origin) };
    });
  }

  /**
   * Verifies an emailed link without a code verifier (a token-hash link, or a code link opened on
   * another device). It confirms the email; a recovery link also signs in, to set a new password.
   */
  async verifyLink(
    input: { type: EmailLinkType; token_hash?: string | undefined; auth_code?: string | undefined },
    origin: RequestOrigin,
  ): Promise<VerifyResponse> {
    const token = input.token_hash ?? input.auth_code;
    if (!token || (input.token_hash && input.auth_code)) {
      throw new AppError(400, 'validation_failed', 'Send exactly one of token_hash or auth_code.');
    }
    return this.db.transaction(async (tx) => {
      const link = await this.lockUsableLink(tx, token);
      if (link.type !== input.type) throw errors.invalidLink();
      await authRepo.markEmailLinkUsed(tx, link.id);
      const user = await authRepo.confirmEmail(tx, link.userId);
      if (link.type === 'recovery') {
        return { type: link.type, email: user.email, session: await this.startSession(tx, user, origin) };
      }
      return { type: 'signup' as const, email: user.email };
    });
  }

  /** Re-sends the confirmation link. Answers the same whether or not the account exists. */
  async resendConfirmation(email: string, codeChallenge: string | undefined, origin: RequestOrigin): Promise<void> {
    await this.limitMail(email, origin, 'signup');
    const user = await authRepo.findUserByEmail(this.db, email);
    if (!user || user.emailConfirmedAt) return;
    await this.db.transaction((tx) => this.sendLink(tx, user, 'signup', codeChallenge));
  }

  /** Emails a password-recovery link. Answers the same whether or not the account exists. */
  async requestRecovery(email: string, codeChallenge: string | undefined, origin: RequestOrigin): Promise<void> {
    await this.limitMail(email, origin, 'recovery');
    const user = await authRepo.findUserByEmail(this.db, email);
    if (!user) return;
    await this.db.transaction((tx) => this.sendLink(tx, user, 'recovery', codeChallenge));
  }

  /** Resolves a Bearer token to its caller; every failure is a 401 with the spec's wording. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedCaller> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw errors.noSession();
    const check = await this.options.accessTokens.check(token);
    if (!check.valid) {
      throw check.reason === 'expired'
        ? fail(401, authErrorCodes.sessionExpired, 'Your session has expired - please log in again')
        : fail(401, 'unauthorized', 'Authentication error - please log in again');
    }
    const { userId, sessionId } = check.claims;
    if (!(await authRepo.isSessionActive(this.db, sessionId, userId))) {
      throw fail(401, authErrorCodes.sessionExpired, 'Your session has ended - please log in again');
    }
    return { userId, sessionId };
  }

  async getUser(caller: AuthenticatedCaller): Promise<AuthUser> {
    const user = await authRepo.findUserById(this.db, caller.userId);
    if (!user) throw errors.noSession();
    return toAuthUser(user);
  }

  /** Sets a new password and ends every other session of the user. */
  async updatePassword(caller: AuthenticatedCaller, password: string): Promise<AuthUser> {
    const user = await this.getUser(caller);
    this.assertAcceptablePassword(password, user.email);
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await authRepo.setPasswordHash(tx, caller.userId, passwordHash);
      await authRepo.revokeUserSessions(tx, caller.userId, caller.sessionId);
    });
    return user;
  }

  /** Global sign-out: every session of the user, on every device. */
  async signOut(caller: AuthenticatedCaller): Promise<void> {
    await authRepo.revokeUserSessions(this.db, caller.userId);
  }

  private assertAcceptablePassword(password: string, email: string) {
    const problem = passwordProblem(password, [email, ...email.split(/[@.]/)]);
    if (problem) throw fail(422, authErrorCodes.weakPassword, problem);
  }

  private async startSession(tx: Queryable, user: UserRow, origin: RequestOrigin): Promise<Session> {
    const sessionId = await authRepo.insertSession(tx, {
      userId: user.id,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 512),
    });
    return this.issueTokens(tx, user, sessionId);
  }

  private async issueTokens(tx: Queryable, user: UserRow, sessionId: string): Promise<Session> {
    const refreshToken = randomToken();
    await authRepo.insertRefreshToken(tx, sessionId, sha256Hex(refreshToken));
    const access = await this.options.accessTokens.issue({ userId: user.id, sessionId, email: user.email });
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: this.options.accessTokens.ttlSeconds,
      expires_at: access.expiresAt,
      refresh_token: refreshToken,
      user: toAuthUser(user),
    };
  }

  private async lockUsableLink(tx: Queryable, token: string) {
    const found = await authRepo.lockEmailLink(tx, sha256Hex(token));
    if (!found || found.link.usedAt) throw errors.invalidLink();
    if (found.expired) throw errors.linkExpired();
    return found.link;
  }

  private async sendLink(tx: Queryable, user: UserRow, type: EmailLinkType, codeChallenge: string | undefined) {
    const token = randomToken();
    await authRepo.insertEmailLink(tx, {
      userId: user.id,
      type,
      tokenHash: sha256Hex(token),
      codeChallenge,
      ttlSeconds: LINK_TTL_SECONDS[type],
    });
    const query = codeChallenge ? `code=${token}&type=${type}` : `token_hash=${token}&type=${type}`;
    const page = codeChallenge ? '/auth/callback' : '/auth/confirm';
    const link = `${this.options.linkBase()}${page}?${query}`;
    try {
      await this.options.mailer.send(authEmail(type, user.email, link));
    } catch {
      throw fail(
        503,
        'service_unavailable',
        'We could not send the email just now. Please try again in a few minutes.',
      );
    }
  }

  private async limitMail(email: string, origin: RequestOrigin, type: EmailLinkType) {
    await this.limit(authRateLimits.mailPerIp, origin.ip, 'email');
    await this.limit(mailPerEmailRule(type), email, 'email');
  }

  private async limit(rule: RateLimitRule, subject: string, kind: 'request' | 'email') {
    const result = await this.options.rateLimiter.hit(rule, subject);
    if (result.allowed) return;
    const headers = { 'retry-after': String(result.retryAfterSeconds) };
    if (kind === 'email') {
      throw fail(
        429,
        authErrorCodes.emailRateLimit,
        `Email rate limit exceeded: please wait ${result.retryAfterSeconds} seconds before asking for another email.`,
        headers,
      );
    }
    throw fail(
      429,
      authErrorCodes.requestRateLimit,
      `Too many requests: please wait ${result.retryAfterSeconds} seconds and try again.`,
      headers,
    );
  }
}

const mailPerEmailRule = (type: EmailLinkType): RateLimitRule => ({
  ...authRateLimits.mailPerEmail,
  name: `${authRateLimits.mailPerEmail.name}:${type}`,
});

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
