import { createHash, createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** An unguessable token (256 bits by default), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not hand out sessions. */
export function sha256Hex(value: string): string {
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

/** RFC 7636 S256: the challenge is base64url(SHA-256(verifier)). */
export function pkceVerifierMatches(verifier: string, challenge: string): boolean {
  return sameToken(createHash('sha256').update(verifier).digest('base64url'), challenge);
}

const ISSUER = 'tradecert';
const AUDIENCE = 'authenticated';

export type AccessTokenClaims = { userId: string; sessionId: string };
export type AccessTokenCheck =
  | { valid: true; claims: AccessTokenClaims }
  | { valid: false; reason: 'expired' | 'invalid' };

/** Short-lived HS256 JWT access tokens (PRODUCT.md, Accounts and sessions). */
export class AccessTokens {
  /** A CryptoKey imported once: given raw bytes or a KeyObject, jose imports one for every token. */
  private readonly signingKey: () => Promise<webcrypto.CryptoKey>;

  /** `loadSecret` runs on first use (it may read the database), and again if it failed. */
  constructor(
    loadSecret: () => Promise<string>,
    readonly ttlSeconds: number,
  ) {
    this.signingKey = loadOnce(async () =>
      webcrypto.subtle.importKey(
        'raw',
        Buffer.from(await loadSecret(), 'utf8'),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign', 'verify'],
      ),
    );
  }

  async issue(claims: AccessTokenClaims & { email: string }): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({ sid: claims.sessionId, email: claims.email, role: AUDIENCE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await this.signingKey());
    return { token, expiresAt };
  }

  async check(token: string): Promise<AccessTokenCheck> {
    const key = await this.signingKey();
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
        return { valid: false, reason: 'invalid' };
      return { valid: true, claims: { userId: payload.sub, sessionId: payload.sid } };
    } catch (error) {
      return { valid: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
