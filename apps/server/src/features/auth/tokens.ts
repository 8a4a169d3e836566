import { createHash } from 'node:crypto';
import { MEMBER_ROLES } from '@app/contract';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import type { Membership } from '../../platform/accounts/memberships.ts';
import { loadOnce, sameToken } from '../../platform/crypto/tokens.ts';

/** RFC 7636 S256: the challenge is base64url(SHA-256(verifier)). */
export function pkceVerifierMatches(verifier: string, challenge: string): boolean {
  return sameToken(createHash('sha256').update(verifier).digest('base64url'), challenge);
}

const ISSUER = 'tradecert';
const AUDIENCE = 'authenticated';
/** Valid tokens remembered by the verifier: about one per active device. */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * `email` is the account's address when the token was issued: admin rights are read from it
 * (ADMIN_EMAILS). `membership` is the business and role when the session started or was refreshed
 * (ADR 0078): a role change revokes the sessions, so it is never stale for a live one.
 */
export type AccessTokenClaims = { userId: string; sessionId: string; email: string; membership: Membership };
/** A token issued before the membership claims existed has none (ADR 0078). */
type CheckedClaims = Omit<AccessTokenClaims, 'membership'> & { membership: Membership | undefined };
export type AccessTokenCheck = { valid: true; claims: CheckedClaims } | { valid: false; reason: 'expired' | 'invalid' };
type ValidCheck = Extract<AccessTokenCheck, { valid: true }>;

/** Short-lived HS256 JWT access tokens (PRODUCT.md, Accounts and sessions). */
export class AccessTokens {
  /** fast-jwt's signer and verifier, made once the key is loaded. Verification is synchronous (node:crypto). */
  private readonly jwt: () => Promise<{ sign: (payload: object) => string; verify: (token: string) => unknown }>;

  /**
   * Each valid token's check, until the token expires: a client sends the same token with every
   * request for 15 minutes. Keyed by the token itself, so only the very bytes once verified are
   * answered from here (fast-jwt's own cache hashes every token with SHA-256 for its key, ADR 0101).
   * Revocation is checked apart, on every request (RevokedSessions).
   */
  private readonly verified = new LRUCache<string, { check: ValidCheck; expiresAtMs: number }>({
    max: VERIFIED_TOKEN_CACHE_SIZE,
  });

  /** `loadSecret` runs on first use (it may read the database), and again if it failed. */
  constructor(
    loadSecret: () => Promise<string>,
    readonly ttlSeconds: number,
  ) {
    this.jwt = loadOnce(async () => {
      const key = await loadSecret();
      return {
        sign: createSigner({ key, algorithm: 'HS256', iss: ISSUER, aud: AUDIENCE, noTimestamp: true }),
        verify: createVerifier({
          key,
          algorithms: ['HS256'],
          allowedIss: ISSUER,
          allowedAud: AUDIENCE,
          requiredClaims: ['sub', 'sid', 'exp'],
        }),
      };
    });
  }

  async issue(claims: AccessTokenClaims): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.ttlSeconds;
    const { sign } = await this.jwt();
    const token = sign({
      sub: claims.userId,
      sid: claims.sessionId,
      email: claims.email,
      // `role` names the audience for clients that read it; the member's role has a claim of its own.
      role: AUDIENCE,
      bid: claims.membership.businessId,
      member_role: claims.membership.role,
      iat: issuedAt,
      exp: expiresAt,
    });
    return { token, expiresAt };
  }

  async check(token: string): Promise<AccessTokenCheck> {
    const remembered = this.verified.get(token);
    // Past its expiry the token is verified again, and fast-jwt answers that it expired.
    if (remembered && Date.now() < remembered.expiresAtMs) return remembered.check;
    const { verify } = await this.jwt();
    try {
      const payload = verify(token) as AccessTokenPayload;
      const membership = membershipClaimed(payload);
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.email !== 'string' ||
        membership === 'malformed'
      ) {
        return { valid: false, reason: 'invalid' };
      }
      const check: ValidCheck = {
        valid: true,
        claims: { userId: payload.sub, sessionId: payload.sid, email: payload.email, membership },
      };
      // `exp` is a required claim: fast-jwt refused a token without a number there.
      this.verified.set(token, { check, expiresAtMs: Number(payload.exp) * 1000 });
      return check;
    } catch (error) {
      const expired = error instanceof TokenError && error.code === TokenError.codes.expired;
      return { valid: false, reason: expired ? 'expired' : 'invalid' };
    }
  }
}

type AccessTokenPayload = {
  sub?: unknown;
  sid?: unknown;
  email?: unknown;
  exp?: unknown;
  bid?: unknown;
  member_role?: unknown;
};

/** The membership a token states; undefined for a token issued before it stated one (ADR 0078). */
function membershipClaimed(payload: AccessTokenPayload): Membership | undefined | 'malformed' {
  const { bid, member_role: role } = payload;
  if (bid === undefined && role === undefined) return undefined;
  const knownRole = MEMBER_ROLES.find((memberRole) => memberRole === role);
  if (typeof bid !== 'string' || !knownRole) return 'malformed';
  return { businessId: bid, role: knownRole };
}
