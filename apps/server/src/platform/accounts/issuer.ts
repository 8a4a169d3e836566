import {
  errorCodes,
  type IssuerDetails,
  issuerFieldLabels,
  issuerIncompleteMessage,
  missingIssuerDetails,
} from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { businessOfMember } from './business.ts';

/**
 * Refuses an issue (a certificate completed, a SWMS or cover-sheet version printed or sent) while
 * the issuer's details are incomplete: 422 naming each missing one (PRODUCT.md, Issuing needs an
 * issuer; ADR 0065).
 */
export function assertIssuer(details: IssuerDetails): void {
  const missing = missingIssuerDetails(details);
  if (missing.length === 0) return;
  throw new AppError(
    422,
    errorCodes.issuerIncomplete,
    issuerIncompleteMessage(missing),
    missing.map((field) => ({ path: field, message: `Add your ${issuerFieldLabels[field]}.` })),
  );
}

/**
 * assertIssuer for the member `userId` as they are now: the company from their business, the name
 * and signature their own (ADR 0077, Issued by).
 */
export async function assertBusinessCanIssue(db: Queryable, userId: string): Promise<void> {
  const business = await businessOfMember(db, userId);
  assertIssuer({
    company_name: business?.companyName ?? null,
    company_abn: business?.companyAbn ?? null,
    applicator_name: business?.applicatorName ?? null,
    has_signature: Boolean(business?.signatureFileId),
  });
}
