import { apiAccessMessages, errorCodes } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';

export const apiAccessErrors = {
  premium: () => new AppError(403, errorCodes.premiumRequired, apiAccessMessages.premium),
  tokenInvalid: () => new AppError(401, errorCodes.unauthorized, apiAccessMessages.tokenInvalid),
  tokenExpired: () => new AppError(401, errorCodes.sessionExpired, apiAccessMessages.tokenExpired),
  tokenNotAllowed: () => new AppError(403, errorCodes.forbidden, apiAccessMessages.tokenNotAllowed),
  tokenReadOnly: () => new AppError(403, errorCodes.forbidden, apiAccessMessages.tokenReadOnly),
  webhookNotFound: () => new AppError(404, errorCodes.notFound, apiAccessMessages.webhookNotFound),
  deliveryNotFound: () => new AppError(404, errorCodes.notFound, apiAccessMessages.deliveryNotFound),
};

/** Tokens and webhooks are Premium (ADR 0055): checked again whenever one is made, changed or used. */
export async function assertPremium(db: Queryable, businessId: string, now: Date): Promise<void> {
  if (!(await entitlements.of(db, businessId, now)).premium) throw apiAccessErrors.premium();
}
