import {
  type ErrorCode,
  errorCodes,
  type RateLimitRule,
  tooManyEmailsMessage,
  tooManyRequestsMessage,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storedSecret } from '../crypto/secrets.ts';
import { hmacToken } from '../crypto/tokens.ts';
import { AppError } from '../errors.ts';

export type { RateLimitRule } from '@app/contract';

/** Who a counter counts, one naming scheme for every rule (the key holds only a digest of it). */
export const limitSubject = {
  user: (userId: string) => `user:${userId}`,
  ip: (ip: string) => `ip:${ip}`,
  email: (email: string) => `email:${email.toLowerCase()}`,
  /** Anything else a rule counts per, e.g. `of('link', id)`. */
  of: (kind: string, id: string) => `${kind}:${id}`,
};

/** The words of a 429 for one email too many (sign-up, a reset, an email change). */
export const emailLimited = {
  answer: (retryAfterSeconds: number) => ({
    code: errorCodes.emailRateLimit,
    message: tooManyEmailsMessage(retryAfterSeconds),
  }),
};

/**
 * The one 429: the server's words unless the rule has its own (an email's, a daily sending cap),
 * with Retry-After.
 */
export const rateLimited = (retryAfterSeconds: number, answer: { code?: ErrorCode; message?: string } = {}) =>
  new AppError(
    429,
    answer.code ?? errorCodes.requestRateLimit,
    answer.message ?? tooManyRequestsMessage(retryAfterSeconds),
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A counter's key: the rule's name, then a keyed digest of the subject (an email, a user id, an IP),
 * so the table never holds who was counted, not even for the day a deleted account's counters last.
 */
export const rateLimitKey = (secret: string, rule: Pick<RateLimitRule, 'name'>, subject: string) =>
  `${rule.name}:${hmacToken(secret, subject)}`;

/** The app secret (app_secrets) rate-limit keys are made with. */
export const RATE_LIMIT_KEY_SECRET = 'rate-limit-keys';

/**
 * Fixed-window counters in PostgreSQL, so limits hold across server instances. One atomic upsert
 * per check; old windows are swept opportunistically.
 */
export class RateLimiter {
  private readonly secret: () => Promise<string>;

  constructor(private readonly db: Database) {
    this.secret = storedSecret(db, RATE_LIMIT_KEY_SECRET);
  }

  /** Counts `weight` uses (e.g. the recipients of one send) against `rule` for `subject`. */
  async hit(rule: RateLimitRule, subject: string, weight = 1): Promise<RateLimitResult> {
    const nowMs = Date.now();
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = windowStartOf(rule, nowMs);
    const key = rateLimitKey(await this.secret(), rule, subject);
    const { rows } = await this.db.$client.query<{ count: number }>(
      `insert into rate_limit_counters (key, window_start, count) values ($1, $2, $3)
       on conflict (key, window_start) do update set count = rate_limit_counters.count + $3
       returning count`,
      [key, windowStart, weight],
    );
    if (Math.random() < 0.01) await this.sweep();
    const count = rows[0]?.count ?? 1;
    if (count <= rule.limit) return { allowed: true };
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - nowMs) / 1000));
    return { allowed: false, retryAfterSeconds };
  }

  /**
   * Counts `weight` uses of `rule` for `subject` (see limitSubject) and, over the limit, throws the
   * 429 (`answer` gives a rule's own words: a function of the seconds to wait).
   */
  async enforce(
    rule: RateLimitRule,
    subject: string,
    options: { weight?: number; answer?: (retryAfterSeconds: number) => Parameters<typeof rateLimited>[1] } = {},
  ): Promise<void> {
    const result = await this.hit(rule, subject, options.weight);
    if (!result.allowed) throw rateLimited(result.retryAfterSeconds, options.answer?.(result.retryAfterSeconds));
  }

  /**
   * Takes back one hit of the current window: an attempt counted up front (so parallel attempts
   * cannot all slip under the limit) that turned out not to count, e.g. a correct password.
   */
  async refund(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db.$client.query(
      'update rate_limit_counters set count = greatest(count - 1, 0) where key = $1 and window_start = $2',
      [rateLimitKey(await this.secret(), rule, subject), windowStartOf(rule, Date.now())],
    );
  }

  private async sweep() {
    await this.db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '1 day'`);
  }
}

function windowStartOf(rule: RateLimitRule, nowMs: number): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(nowMs / windowMs) * windowMs);
}
