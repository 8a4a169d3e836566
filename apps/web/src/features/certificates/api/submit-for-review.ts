import { type Certificate, certificateEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';

/**
 * Submits a draft for review (ADR 0077). A module of its own, for the form's saves only: the share
 * page's scripts stay within their budget (PRODUCT.md, Budgets).
 */
export function submitForReview(id: string): Promise<Certificate> {
  return call(certificateEndpoints.submitForReview, { params: { id } });
}
