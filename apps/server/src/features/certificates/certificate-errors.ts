import {
  CERTIFICATE_DELETED_ELSEWHERE_MESSAGE,
  CLIENT_ID_TAKEN_MESSAGE,
  certificateMessages,
  reviewMessages,
  STALE_CERTIFICATE_MESSAGE,
} from '@app/contract';
import { AppError } from '../../platform/errors.ts';

/** The refusals the certificate rules answer with, in the one error shape. */
export const certificateErrors = {
  notFound: () => new AppError(404, 'not_found', certificateMessages.notFound),
  userMismatch: () => new AppError(403, 'user_mismatch', certificateMessages.userMismatch),
  premiumUpdate: () => new AppError(403, 'premium_required', certificateMessages.premiumUpdate),
  premiumDelete: () => new AppError(403, 'premium_required', certificateMessages.premiumDelete),
  monthlyLimit: () => new AppError(403, 'monthly_limit_reached', certificateMessages.monthlyLimit),
  stale: () => new AppError(409, 'conflict', STALE_CERTIFICATE_MESSAGE),
  idTaken: () => new AppError(409, 'conflict', CLIENT_ID_TAKEN_MESSAGE),
  deletedElsewhere: () => new AppError(410, 'record_deleted', CERTIFICATE_DELETED_ELSEWHERE_MESSAGE),
  submitForReview: () => new AppError(409, 'review_required', reviewMessages.submitForReview),
  inReview: () => new AppError(409, 'in_review', reviewMessages.inReview),
  notInReview: () => new AppError(409, 'conflict', reviewMessages.notInReview),
  notADraft: () => new AppError(409, 'conflict', reviewMessages.notADraft),
  incomplete: (details: Array<{ path: string; message: string }>) =>
    new AppError(400, 'validation_failed', 'Fill in the job details before completing the certificate.', details),
  badPhotos: (message: string) => new AppError(400, 'validation_failed', message, [{ path: 'photos', message }]),
  badChecklist: (message: string) => new AppError(400, 'validation_failed', message, [{ path: 'checklists', message }]),
};
