import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Random tokens, digests and keyed digests: what auth, file URLs and (later) signing links and
 * webhooks build on. Secrets themselves come from the database (app_secrets) or the environment.
 */

/** An unguessable token (256 bits by default), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not hand out sessions. */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A keyed digest (HMAC-SHA-256), URL-safe: tokens only a holder of `key` can derive or check. */
export function hmacToken(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Compares two strings in time that does not depend on where they differ. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A value loaded once (e.g. a secret from the database) and kept; a failed load is retried on next use. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
