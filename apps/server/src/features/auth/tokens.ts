import { createHash, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { loadOnce, sameToken } from '../../platform/crypto/tokens.ts';

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
