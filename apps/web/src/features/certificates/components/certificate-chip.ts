import { type CertificateSummary, errorCodes } from '@app/contract';
import type { StatusTone } from '../../../components/ui/StatusChip.tsx';

/** What the design system's StatusChip shows for a certificate: its tone and its words. */
export type CertificateChip = { tone: StatusTone; words: string };

const waitingToSync: CertificateChip = { tone: 'neutral', words: 'Waiting to sync' };

/**
 * A certificate made or changed on this phone that the server does not have yet (the outbox):
 * waiting to sync, or refused by the server, in the words of the toast for the same refusal on an
 * online save (PRODUCT.md, Messages).
 */
export function outboxChip(refused?: { code: string }): CertificateChip {
  if (!refused) return waitingToSync;
  return {
    tone: 'danger',
    words:
      refused.code === errorCodes.monthlyLimitReached
        ? 'Monthly limit reached'
        : refused.code === errorCodes.issuerIncomplete
          ? 'Issuer details missing'
          : refused.code === errorCodes.reviewRequired
            ? 'Submit for review'
            : 'Not sent',
  };
}

/**
 * One chip per row, the most telling state first: changes on this phone not yet sent, then signed,
 * then amended (past version 1), then in review, draft or completed.
 */
export function certificateChip(
  certificate: Pick<CertificateSummary, 'status' | 'version' | 'signed'>,
  waiting: boolean,
): CertificateChip {
  if (waiting) return waitingToSync;
  if (certificate.signed) return { tone: 'success', words: 'Signed' };
  if (certificate.version > 1) return { tone: 'info', words: `Amended (version ${certificate.version})` };
  if (certificate.status === 'in_review') return { tone: 'info', words: 'In review' };
  return certificate.status === 'draft' ? { tone: 'warning', words: 'Draft' } : { tone: 'brand', words: 'Completed' };
}
