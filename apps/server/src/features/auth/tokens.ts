import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** An unguessable token (256 bits by default), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not hand out sessions. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** RFC 7636 S256: the challenge is base64url(SHA-256(verifier)). */
export function pkceVerifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

const ISSUER = 'tradecert';
const AUDIENCE = 'authenticated';

export type AccessTokenClaims = { userId: string; sessionId: string };
export type AccessTokenCheck =
  | { valid: true; claims: AccessTokenClaims }
  | { valid: false; reason: 'expired' | 'invalid' };

/** Short-lived HS256 JWT access tokens (DESIGN §3). */
export class AccessTokens {
  private key: Promise<Uint8Array> | undefined;

  /** `loadSecret` runs on first use (it may read the database), and again if it failed. */
  constructor(
    private readonly loadSecret: () => Promise<string>,
    readonly ttlSeconds: number,
  ) {}

  private signingKey(): Promise<Uint8Array> {
    this.key ??= this.loadSecret()
      .then((secret) => new TextEncoder().encode(secret))
      .catch((error: unknown) => {
        this.key = undefined;
        throw error;
      });
    return this.key;
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
