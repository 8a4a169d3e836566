import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_BUSINESS,
  type ApiToken,
  type ApiTokenAccess,
  apiAccessMessages,
  type apiTokenRequestSchema,
  errorCodes,
  rateLimits,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { randomToken, sha256Hex } from '../../platform/crypto/tokens.ts';
import { AppError } from '../../platform/errors.ts';
import type { ApiTokenCaller, AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { limitSubject, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { apiAccessErrors, assertPremium } from './api-access-errors.ts';
import { type ApiTokenRow, apiTokensRepo } from './api-tokens.repo.ts';

type ApiTokenInput = z.output<typeof apiTokenRequestSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Characters of the token shown in lists, to tell tokens apart. */
const HINT_LENGTH = 6;

/**
 * Personal API tokens (ADR 0055): Premium makes them; each is shown once and kept as its
 * SHA-256; any can be revoked. A request with one acts as its maker, within its scope and the
 * endpoint's `apiTokens`, counted per token, and only while their business is Premium. A business
 * keeps at most API_TOKENS_PER_BUSINESS live ones (ADR 0077).
 */
export class ApiTokensService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly limits: RateLimiter,
  ) {}

  async list(caller: AuthenticatedCaller): Promise<{ tokens: ApiToken[] }> {
    return { tokens: (await apiTokensRepo.listLive(this.db, caller.businessId)).map(presentToken) };
  }

  async create(
    caller: AuthenticatedCaller,
    input: ApiTokenInput,
    origin: RequestMetadata,
  ): Promise<{ token: ApiToken; secret: string }> {
    await assertPremium(this.db, caller.businessId, this.now());
    const random = randomToken(32);
    const secret = `${API_TOKEN_PREFIX}${random}`;
    const row = await this.db.transaction(async (tx) => {
      await apiTokensRepo.lockBusiness(tx, caller.businessId);
      if ((await apiTokensRepo.countLive(tx, caller.businessId)) >= API_TOKENS_PER_BUSINESS) {
        throw new AppError(409, errorCodes.conflict, apiAccessMessages.tokenLimit);
      }
      const created = await apiTokensRepo.insert(tx, {
        businessId: caller.businessId,
        userId: caller.userId,
        name: input.name,
        scope: input.scope,
        tokenHash: sha256Hex(secret),
        hint: random.slice(0, HINT_LENGTH),
        expiresAt:
          input.expires_in_days === null ? null : new Date(this.now().getTime() + input.expires_in_days * DAY_MS),
      });
      await this.record(tx, 'api_token.created', caller.userId, created.id, origin);
      return created;
    });
    return { token: presentToken(row), secret };
  }

  async revoke(caller: AuthenticatedCaller, id: string, origin: RequestMetadata): Promise<void> {
    await this.db.transaction(async (tx) => {
      const revoked = await apiTokensRepo.revoke(tx, caller.businessId, id);
      if (!revoked) throw new AppError(404, errorCodes.notFound, apiAccessMessages.tokenNotFound);
      await this.record(tx, 'api_token.revoked', caller.userId, id, origin);
    });
  }

  /**
   * The caller a request's token stands for, or why not: unknown or revoked (401), expired (401), an
   * endpoint closed to tokens or a read-only token writing (403), the owner no longer Premium (403),
   * past the token's rate (429). The token's first use is recorded in the audit trail.
   */
  readonly authenticate = async (
    token: string,
    request: { method: string; access: ApiTokenAccess; origin: RequestMetadata },
  ): Promise<ApiTokenCaller> => {
    const found = await apiTokensRepo.findByHash(this.db, sha256Hex(token));
    if (!found || found.token.revokedAt) throw apiAccessErrors.tokenInvalid();
    const row = found.token;
    if (row.expiresAt && row.expiresAt <= this.now()) throw apiAccessErrors.tokenExpired();
    if (request.access === 'never') throw apiAccessErrors.tokenNotAllowed();
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (row.scope === 'read' && (request.access === 'write' || !reads)) throw apiAccessErrors.tokenReadOnly();
    await this.limits.enforce(rateLimits.apiTokenRequests, limitSubject.of('api-token', row.id));
    await assertPremium(this.db, row.businessId, this.now());
    await this.markUsed(row, request.origin);
    return { userId: row.userId, ...found.membership, sessionId: null, isAdmin: false, apiTokenId: row.id };
  };

  private async markUsed(row: ApiTokenRow, origin: RequestMetadata) {
    if (row.lastUsedAt) return apiTokensRepo.touch(this.db, row.id);
    await this.db.transaction(async (tx) => {
      if (await apiTokensRepo.markFirstUse(tx, row.id)) {
        await this.record(tx, 'api_token.first_used', row.userId, row.id, origin);
      }
    });
  }

  private record(
    tx: Parameters<typeof audit.record>[0],
    type: 'api_token.created' | 'api_token.first_used' | 'api_token.revoked',
    userId: string,
    tokenId: string,
    origin: RequestMetadata,
  ) {
    return audit.record(tx, {
      type,
      data: { tokenId },
      actor: { kind: 'user', userId },
      subject: { kind: 'user', id: userId },
      origin,
    });
  }
}

function presentToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
